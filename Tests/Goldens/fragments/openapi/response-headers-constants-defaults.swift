/// `GET /animals`
public struct ListAnimals: PaginatedStrategy {
    public typealias Output = WithHeaders<[String], Headers>

    public struct Input: Sendable {
        /// The server assumes `25` when it is not sent.
        public var limit: Int?

        /// The server assumes `name` when it is not sent.
        public var order: ListAnimalsOrder?

        public init(limit: Int? = nil, order: ListAnimalsOrder? = nil) {
            (self.limit, self.order) = (limit, order)
        }
    }

    /// The response headers `ListAnimals` reads.
    public struct Headers: Sendable, Equatable {
        /// How many animals there are.
        public var xTotalCount: Int64?

        public var link: String?

        public init(xTotalCount: Int64? = nil, link: String? = nil) {
            (self.xTotalCount, self.link) = (xTotalCount, link)
        }

        /// Reads the headers from a response's `fields`; one that is missing, or doesn't read as
        /// its type, is `nil`.
        public init(_ fields: HTTPFields) {
            xTotalCount = fields.value("X-Total-Count", as: Int64.self)
            link = fields.value("Link")
        }
    }

    public init() {}

    public var pagination: Pagination<Input> { .link() }

    public func items(of output: WithHeaders<[String], ListAnimals.Headers>) -> [String] {
        output.output
    }

    public func endpoint(for input: Input) -> Endpoint {
        Endpoint(
            .get,
            "/animals",
            query: ["limit": input.limit, "order": input.order, "api-version": "2024-01-01"],
            headers: ["X-Client": "zoo-app", "Accept": "application/json"]
        )
    }

    /// The output decoded from the body, with the response headers.
    public func output(from response: HTTPResponse, body: Data, decoder: JSONDecoder) throws -> Output {
        WithHeaders(
            try decoder.decode([String].self, from: body, at: outputPath),
            headers: Headers(response.headerFields)
        )
    }
}
