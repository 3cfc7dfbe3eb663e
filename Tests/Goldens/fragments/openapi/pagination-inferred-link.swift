/// `GET /orgs/{org}/repos`
public struct ListRepos: PaginatedStrategy {
    public typealias Output = WithHeaders<[Repository], Headers>

    public struct Input: Sendable {
        public var org: String
        public var perPage: Int?
        public var page: Int?

        public init(org: String, perPage: Int? = nil, page: Int? = nil) {
            (self.org, self.perPage, self.page) = (org, perPage, page)
        }
    }

    /// The response headers `ListRepos` reads.
    public struct Headers: Sendable, Equatable {
        public var link: String?

        public init(link: String? = nil) {
            self.link = link
        }

        /// Reads the headers from a response's `fields`; one that is missing, or doesn't read as
        /// its type, is `nil`.
        public init(_ fields: HTTPFields) {
            link = fields.value("Link")
        }
    }

    public init() {}

    public var pagination: Pagination<Input> { .link() }

    public func items(of output: WithHeaders<[Repository], ListRepos.Headers>) -> [Repository] {
        output.output
    }

    public func endpoint(for input: Input) -> Endpoint {
        Endpoint(
            .get,
            "/orgs/\(input.org)/repos",
            query: ["per_page": input.perPage, "page": input.page],
            headers: ["Accept": "application/json"]
        )
    }

    /// The output decoded from the body, with the response headers.
    public func output(from response: HTTPResponse, body: Data, decoder: JSONDecoder) throws -> Output {
        WithHeaders(
            try decoder.decode([Repository].self, from: body, at: outputPath),
            headers: Headers(response.headerFields)
        )
    }
}
