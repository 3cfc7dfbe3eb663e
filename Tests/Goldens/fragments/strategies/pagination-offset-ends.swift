/// `GET /invoices`
public struct ListInvoices: PaginatedStrategy {
    public typealias Output = InvoicePage

    public struct Input: Sendable {
        public var offset: Int?
        public var limit: Int?

        public init(offset: Int? = nil, limit: Int? = nil) {
            (self.offset, self.limit) = (offset, limit)
        }
    }

    public init() {}

    public var pagination: Pagination<Input> {
        .offset(\.offset, items: "data", hasMore: "has_more", totalHeader: "X-Total-Count")
    }

    public func items(of output: InvoicePage) -> [Invoice] {
        output.data
    }

    public func endpoint(for input: Input) -> Endpoint {
        Endpoint(.get, "/invoices", query: ["offset": input.offset, "limit": input.limit])
    }
}
