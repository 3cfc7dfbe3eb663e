/// `GET /questions`
public struct ListQuestions: PaginatedStrategy {
    public typealias Output = QuestionPage

    public struct Input: Sendable {
        public var site: String
        public var page: Int?
        public var pagesize: Int?

        public init(site: String, page: Int? = nil, pagesize: Int? = nil) {
            (self.site, self.page, self.pagesize) = (site, page, pagesize)
        }
    }

    public init() {}

    public var pagination: Pagination<Input> { .page(\.page, items: "items", hasMore: "has_more") }

    public func items(of output: QuestionPage) -> [Question] {
        output.items ?? []
    }

    public func endpoint(for input: Input) -> Endpoint {
        Endpoint(
            .get,
            "/questions",
            query: ["site": input.site, "page": input.page, "pagesize": input.pagesize]
        )
    }
}
