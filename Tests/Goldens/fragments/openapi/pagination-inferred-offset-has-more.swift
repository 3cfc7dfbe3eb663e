/// `GET /events`
public struct ListEvents: PaginatedStrategy {
    public typealias Output = ListEventsOutput

    public struct Input: Sendable {
        public var offset: Int?
        public var limit: Int?

        public init(offset: Int? = nil, limit: Int? = nil) {
            (self.offset, self.limit) = (offset, limit)
        }
    }

    public init() {}

    public var pagination: Pagination<Input> { .offset(\.offset, items: "events", hasMore: "more") }

    public func items(of output: ListEventsOutput) -> [ListEventsOutputEventsItem] {
        output.events
    }

    public func endpoint(for input: Input) -> Endpoint {
        Endpoint(
            .get,
            "/events",
            query: ["offset": input.offset, "limit": input.limit],
            headers: ["Accept": "application/json"]
        )
    }
}
