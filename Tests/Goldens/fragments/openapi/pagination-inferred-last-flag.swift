/// `GET /owners`
public struct ListOwners: PaginatedStrategy {
    public typealias Output = ListOwnersOutput

    public struct Input: Sendable {
        public var page: Int?
        public var size: Int?

        public init(page: Int? = nil, size: Int? = nil) {
            (self.page, self.size) = (page, size)
        }
    }

    public init() {}

    public var pagination: Pagination<Input> { .page(\.page, items: "content", isLast: "pagination.isLast") }

    public func items(of output: ListOwnersOutput) -> [ListOwnersOutputContentItem] {
        output.content
    }

    public func endpoint(for input: Input) -> Endpoint {
        Endpoint(
            .get,
            "/owners",
            query: ["page": input.page, "size": input.size],
            headers: ["Accept": "application/json"]
        )
    }
}
