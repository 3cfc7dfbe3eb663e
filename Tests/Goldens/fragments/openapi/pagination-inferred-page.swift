/// `GET /questions`
public struct ListQuestions: PaginatedStrategy {
    public typealias Output = ListQuestionsOutput

    public struct Input: Sendable {
        public var page: Int?
        public var pagesize: Int?

        public init(page: Int? = nil, pagesize: Int? = nil) {
            (self.page, self.pagesize) = (page, pagesize)
        }
    }

    public init() {}

    public var pagination: Pagination<Input> { .page(\.page, items: "items", hasMore: "has_more") }

    public func items(of output: ListQuestionsOutput) -> [ListQuestionsOutputItemsItem] {
        output.items ?? []
    }

    public func endpoint(for input: Input) -> Endpoint {
        Endpoint(
            .get,
            "/questions",
            query: ["page": input.page, "pagesize": input.pagesize],
            headers: ["Accept": "application/json"]
        )
    }
}
