/// `GET /me`
public struct GetProfile: Strategy {
    public typealias Output = WithHeaders<GetProfileOutput, Headers>

    public struct Input: Sendable {
        /// `Bearer` and the token.
        public var authorization: String

        public init(authorization: String) {
            self.authorization = authorization
        }
    }

    /// The response headers `GetProfile` reads.
    public struct Headers: Sendable, Equatable {
        public var xRateLimit: Int

        public init(xRateLimit: Int) {
            self.xRateLimit = xRateLimit
        }

        /// Reads the headers from a response's `fields`; throws when a required one is missing or
        /// doesn't read as its type, and an optional one that is missing, or doesn't read, is `nil`.
        public init(_ fields: HTTPFields) throws {
            xRateLimit = try fields.required("X-Rate-Limit", as: Int.self)
        }
    }

    public init() {}

    public var middlewareFilter: Middleware.Filter { .excluding(["auth.key"]) }

    public func endpoint(for input: Input) -> Endpoint {
        Endpoint(.get, "/me", headers: ["Authorization": input.authorization, "Accept": "application/json"])
    }

    /// The output decoded from the body, with the response headers.
    public func output(from response: HTTPResponse, body: Data, decoder: JSONDecoder) throws -> Output {
        WithHeaders(
            try decoder.decode(GetProfileOutput.self, from: body, at: outputPath),
            headers: try Headers(response.headerFields)
        )
    }
}
