/// `GET /markets/{region_id}/orders`
public struct ListOrders: PaginatedStrategy {
    public typealias Output = WithHeaders<[ListOrdersOutputItem], Headers>

    public struct Input: Sendable {
        public var regionId: Int

        /// The server assumes `1` when it is not sent.
        public var page: Int?

        public init(regionId: Int, page: Int? = nil) {
            (self.regionId, self.page) = (regionId, page)
        }
    }

    /// The response headers `ListOrders` reads.
    public struct Headers: Sendable, Equatable {
        /// Maximum page number
        public var xPages: Int?

        public init(xPages: Int? = nil) {
            self.xPages = xPages
        }

        /// Reads the headers from a response's `fields`; one that is missing, or doesn't read as
        /// its type, is `nil`.
        public init(_ fields: HTTPFields) {
            xPages = fields.value("X-Pages", as: Int.self)
        }
    }

    public init() {}

    public var pagination: Pagination<Input> { .page(\.page, pagesHeader: "X-Pages") }

    public func items(
        of output: WithHeaders<[ListOrdersOutputItem], ListOrders.Headers>
    ) -> [ListOrdersOutputItem] {
        output.output
    }

    public func endpoint(for input: Input) -> Endpoint {
        Endpoint(
            .get,
            "/markets/\(input.regionId)/orders",
            query: ["page": input.page],
            headers: ["Accept": "application/json"]
        )
    }

    /// The output decoded from the body, with the response headers.
    public func output(from response: HTTPResponse, body: Data, decoder: JSONDecoder) throws -> Output {
        WithHeaders(
            try decoder.decode([ListOrdersOutputItem].self, from: body, at: outputPath),
            headers: Headers(response.headerFields)
        )
    }
}
