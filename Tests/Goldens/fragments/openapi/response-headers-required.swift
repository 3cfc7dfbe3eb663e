/// `GET /animals`
public struct ListAnimals: Strategy {
    public typealias Output = WithHeaders<[String], Headers>

    /// The response headers `ListAnimals` reads.
    public struct Headers: Sendable, Equatable {
        /// Calls left this hour.
        public var xRateLimit: Int

        public var xRequestId: String
        public var xCache: String?

        public init(xRateLimit: Int, xRequestId: String, xCache: String? = nil) {
            (self.xRateLimit, self.xRequestId, self.xCache) = (xRateLimit, xRequestId, xCache)
        }

        /// Reads the headers from a response's `fields`; throws when a required one is missing or
        /// doesn't read as its type, and an optional one that is missing, or doesn't read, is `nil`.
        public init(_ fields: HTTPFields) throws {
            xRateLimit = try fields.required("X-Rate-Limit", as: Int.self)
            xRequestId = try fields.required("X-Request-Id")
            xCache = fields.value("X-Cache")
        }
    }

    public init() {}

    public func endpoint(for input: Void) -> Endpoint {
        Endpoint(.get, "/animals", headers: ["Accept": "application/json"])
    }

    /// The output decoded from the body, with the response headers.
    public func output(from response: HTTPResponse, body: Data, decoder: JSONDecoder) throws -> Output {
        WithHeaders(
            try decoder.decode([String].self, from: body, at: outputPath),
            headers: try Headers(response.headerFields)
        )
    }
}
