/// `GET /repos/{owner}/{repo}/issues`
public struct ListIssues: Strategy {
    public typealias Output = WithHeaders<[Issue], Headers>

    public struct Input: Sendable {
        public var owner: String
        public var repo: String

        public init(owner: String, repo: String) {
            (self.owner, self.repo) = (owner, repo)
        }
    }

    /// The response headers `ListIssues` reads.
    public struct Headers: Sendable, Equatable {
        public var link: String?
        public var xRateLimitRemaining: Int?

        /// Seconds to wait before the next call.
        public var retryAfter: Int?

        public var etag: String?

        public init(
            link: String? = nil,
            xRateLimitRemaining: Int? = nil,
            retryAfter: Int? = nil,
            etag: String? = nil
        ) {
            self.link = link
            self.xRateLimitRemaining = xRateLimitRemaining
            self.retryAfter = retryAfter
            self.etag = etag
        }

        /// Reads the headers from a response's `fields`; one that is missing, or doesn't read as
        /// its type, is `nil`.
        public init(_ fields: HTTPFields) {
            link = fields.value("Link")
            xRateLimitRemaining = fields.value("X-RateLimit-Remaining", as: Int.self)
            retryAfter = fields.value("Retry-After", as: Int.self)
            etag = fields.value("ETag")
        }
    }

    public init() {}

    public func endpoint(for input: Input) -> Endpoint {
        Endpoint(.get, "/repos/\(input.owner)/\(input.repo)/issues")
    }

    /// The output decoded from the body, with the response headers.
    public func output(from response: HTTPResponse, body: Data, decoder: JSONDecoder) throws -> Output {
        WithHeaders(
            try decoder.decode([Issue].self, from: body, at: outputPath),
            headers: Headers(response.headerFields)
        )
    }
}
