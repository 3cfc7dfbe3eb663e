/// `HEAD /issues/{number}`
public struct CheckIssue: Strategy {
    public typealias Output = Headers

    public struct Input: Sendable {
        public var number: Int

        public init(number: Int) {
            self.number = number
        }
    }

    /// The response headers `CheckIssue` reads.
    public struct Headers: Sendable, Equatable {
        public var eTag: String?
        public var lastModified: String?

        public init(eTag: String? = nil, lastModified: String? = nil) {
            (self.eTag, self.lastModified) = (eTag, lastModified)
        }

        /// Reads the headers from a response's `fields`; one that is missing, or doesn't read as
        /// its type, is `nil`.
        public init(_ fields: HTTPFields) {
            eTag = fields.value("ETag")
            lastModified = fields.value("Last-Modified")
        }
    }

    public init() {}

    public func endpoint(for input: Input) -> Endpoint {
        Endpoint(.head, "/issues/\(input.number)")
    }

    /// The response headers.
    public func output(from response: HTTPResponse, body: Data, decoder: JSONDecoder) -> Output {
        Headers(response.headerFields)
    }
}
