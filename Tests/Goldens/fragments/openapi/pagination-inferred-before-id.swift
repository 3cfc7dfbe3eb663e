/// `GET /posts.json`
public struct ListPosts: PaginatedStrategy {
    public typealias Output = ListPostsOutput

    public struct Input: Sendable {
        /// Load posts with an id lower than this value. Useful for pagination.
        public var before: String?

        public init(before: String? = nil) {
            self.before = before
        }
    }

    public init() {}

    public var pagination: Pagination<Input> { .afterLastItem(\.before, items: "latest_posts") }

    public func items(of output: ListPostsOutput) -> [ListPostsOutputLatestPostsItem] {
        output.latestPosts ?? []
    }

    public func endpoint(for input: Input) -> Endpoint {
        Endpoint(
            .get,
            "/posts.json",
            query: ["before": input.before],
            headers: ["Accept": "application/json"]
        )
    }
}
