/// `GET /notes`
public struct ListNotes: PaginatedStrategy {
    public typealias Output = ListNotesOutput

    public struct Input: Sendable {
        public var offset: Int?
        public var limit: Int?

        public init(offset: Int? = nil, limit: Int? = nil) {
            (self.offset, self.limit) = (offset, limit)
        }
    }

    public init() {}

    public var pagination: Pagination<Input> { .offset(\.offset, items: "results", total: "total_count") }

    public func items(of output: ListNotesOutput) -> [ListNotesOutputResultsItem] {
        output.results
    }

    public func endpoint(for input: Input) -> Endpoint {
        Endpoint(
            .get,
            "/notes",
            query: ["offset": input.offset, "limit": input.limit],
            headers: ["Accept": "application/json"]
        )
    }
}
