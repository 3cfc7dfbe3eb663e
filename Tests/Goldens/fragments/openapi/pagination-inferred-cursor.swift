/// `GET /conversations.list`
public struct ListConversations: PaginatedStrategy {
    public typealias Output = ListConversationsOutput

    public struct Input: Sendable {
        public var cursor: String?
        public var limit: Int?

        public init(cursor: String? = nil, limit: Int? = nil) {
            (self.cursor, self.limit) = (cursor, limit)
        }
    }

    public init() {}

    public var pagination: Pagination<Input> {
        .cursor(\.cursor, next: "response_metadata.next_cursor", items: "channels")
    }

    public func items(of output: ListConversationsOutput) -> [Channel] {
        output.channels
    }

    public func endpoint(for input: Input) -> Endpoint {
        Endpoint(
            .get,
            "/conversations.list",
            query: ["cursor": input.cursor, "limit": input.limit],
            headers: ["Accept": "application/json"]
        )
    }
}
