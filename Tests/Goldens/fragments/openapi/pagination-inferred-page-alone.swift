/// `GET /credit-notes`
public struct ListCreditNotes: PaginatedStrategy {
    public typealias Output = ListCreditNotesOutput

    public struct Input: Sendable {
        public var whereValue: String?

        /// Page number e.g. page=1. Page size is 100.
        public var page: Int?

        public init(whereValue: String? = nil, page: Int? = nil) {
            (self.whereValue, self.page) = (whereValue, page)
        }
    }

    public init() {}

    public var pagination: Pagination<Input> { .page(\.page, items: "creditNotes") }

    public func items(of output: ListCreditNotesOutput) -> [ListCreditNotesOutputCreditNotesItem] {
        output.creditNotes ?? []
    }

    public func endpoint(for input: Input) -> Endpoint {
        Endpoint(
            .get,
            "/credit-notes",
            query: ["where": input.whereValue, "page": input.page],
            headers: ["Accept": "application/json"]
        )
    }
}
