/// `GET /plans`
public struct ListPlans: PaginatedStrategy {
    public typealias Output = WithHeaders<[ListPlansOutputItem], Headers>

    public struct Input: Sendable {
        public var offset: Int?
        public var limit: Int?

        public init(offset: Int? = nil, limit: Int? = nil) {
            (self.offset, self.limit) = (offset, limit)
        }
    }

    /// The response headers `ListPlans` reads.
    public struct Headers: Sendable, Equatable {
        public var paginationTotal: Int?

        public init(paginationTotal: Int? = nil) {
            self.paginationTotal = paginationTotal
        }

        /// Reads the headers from a response's `fields`; one that is missing, or doesn't read as
        /// its type, is `nil`.
        public init(_ fields: HTTPFields) {
            paginationTotal = fields.value("Pagination-Total", as: Int.self)
        }
    }

    public init() {}

    public var pagination: Pagination<Input> { .offset(\.offset, totalHeader: "Pagination-Total") }

    public func items(
        of output: WithHeaders<[ListPlansOutputItem], ListPlans.Headers>
    ) -> [ListPlansOutputItem] {
        output.output
    }

    public func endpoint(for input: Input) -> Endpoint {
        Endpoint(
            .get,
            "/plans",
            query: ["offset": input.offset, "limit": input.limit],
            headers: ["Accept": "application/json"]
        )
    }

    /// The output decoded from the body, with the response headers.
    public func output(from response: HTTPResponse, body: Data, decoder: JSONDecoder) throws -> Output {
        WithHeaders(
            try decoder.decode([ListPlansOutputItem].self, from: body, at: outputPath),
            headers: Headers(response.headerFields)
        )
    }
}
