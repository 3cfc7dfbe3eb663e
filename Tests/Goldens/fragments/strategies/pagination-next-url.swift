/// `GET /albums/{id}/tracks`
public struct GetAlbumTracks: PaginatedStrategy {
    public typealias Output = TrackPage

    public struct Input: Sendable {
        public var id: String
        public var market: String?
        public var limit: Int?
        public var offset: Int?

        public init(id: String, market: String? = nil, limit: Int? = nil, offset: Int? = nil) {
            (self.id, self.market, self.limit, self.offset) = (id, market, limit, offset)
        }
    }

    public init() {}

    public var pagination: Pagination<Input> { .nextURL(at: "next", items: "items") }

    public func items(of output: TrackPage) -> [SimplifiedTrack] {
        output.items
    }

    public func endpoint(for input: Input) -> Endpoint {
        Endpoint(
            .get,
            "/albums/\(input.id)/tracks",
            query: ["market": input.market, "limit": input.limit, "offset": input.offset]
        )
    }
}
