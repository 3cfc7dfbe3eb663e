/// `GET /customers`
public struct GetCustomers: PaginatedStrategy {
    public typealias Output = GetCustomersOutput

    public struct Input: Sendable {
        public var limit: Int?
        public var startingAfter: String?

        public init(limit: Int? = nil, startingAfter: String? = nil) {
            (self.limit, self.startingAfter) = (limit, startingAfter)
        }
    }

    public init() {}

    public var pagination: Pagination<Input> {
        .afterLastItem(\.startingAfter, hasMore: "has_more", items: "data")
    }

    public func items(of output: GetCustomersOutput) -> [Customer] {
        output.data
    }

    public func endpoint(for input: Input) -> Endpoint {
        Endpoint(
            .get,
            "/customers",
            query: ["limit": input.limit, "starting_after": input.startingAfter],
            headers: ["Accept": "application/json"]
        )
    }
}
