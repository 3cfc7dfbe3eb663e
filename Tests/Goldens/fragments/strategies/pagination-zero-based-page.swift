/// `GET /owners`
public struct ListOwners: PaginatedStrategy {
    public typealias Output = OwnerPage

    public struct Input: Sendable {
        public var page: Int?
        public var size: Int?

        public init(page: Int? = nil, size: Int? = nil) {
            (self.page, self.size) = (page, size)
        }
    }

    public init() {}

    public var pagination: Pagination<Input> { .page(\.page, first: 0, items: "content", isLast: "last") }

    public func items(of output: OwnerPage) -> [Owner] {
        output.content
    }

    public func endpoint(for input: Input) -> Endpoint {
        Endpoint(.get, "/owners", query: ["page": input.page, "size": input.size])
    }
}
