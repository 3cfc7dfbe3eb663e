/// `GET /albums/{id}/tracks`
public struct ListTracks: PaginatedStrategy {
    public typealias Output = ListTracksOutput

    public struct Input: Sendable {
        public var id: String
        public var limit: Int?

        public init(id: String, limit: Int? = nil) {
            (self.id, self.limit) = (id, limit)
        }
    }

    public init() {}

    public var pagination: Pagination<Input> { .nextURL(at: "next", items: "items") }

    public func items(of output: ListTracksOutput) -> [ListTracksOutputItemsItem] {
        output.items
    }

    public func endpoint(for input: Input) -> Endpoint {
        Endpoint(
            .get,
            "/albums/\(input.id)/tracks",
            query: ["limit": input.limit],
            headers: ["Accept": "application/json"]
        )
    }
}
