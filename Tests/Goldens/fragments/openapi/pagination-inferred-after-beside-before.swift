/// `GET /files`
public struct ListFiles: PaginatedStrategy {
    public typealias Output = ListFilesOutput

    public struct Input: Sendable {
        /// A cursor for use in pagination. `after` is an object ID that defines your place in the list.
        public var after: String?

        /// A cursor for use in pagination. `before` is an object ID that defines your place in the list.
        public var before: String?

        public var limit: Int?

        public init(after: String? = nil, before: String? = nil, limit: Int? = nil) {
            (self.after, self.before, self.limit) = (after, before, limit)
        }
    }

    public init() {}

    public var pagination: Pagination<Input> { .afterLastItem(\.after, hasMore: "has_more", items: "data") }

    public func items(of output: ListFilesOutput) -> [ListFilesOutputDataItem] {
        output.data
    }

    public func endpoint(for input: Input) -> Endpoint {
        Endpoint(
            .get,
            "/files",
            query: ["after": input.after, "before": input.before, "limit": input.limit],
            headers: ["Accept": "application/json"]
        )
    }
}
