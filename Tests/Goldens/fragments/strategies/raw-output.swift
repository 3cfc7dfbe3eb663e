/// `GET /tickets/{id}/qr`
public struct GetTicketCode: Strategy {
    public typealias Output = WithHeaders<Data, Headers>

    public struct Input: Sendable {
        public var id: String

        public init(id: String) {
            self.id = id
        }
    }

    /// The response headers `GetTicketCode` reads.
    public struct Headers: Sendable, Equatable {
        public var contentType: String?

        public init(contentType: String? = nil) {
            self.contentType = contentType
        }

        /// Reads the headers from a response's `fields`; one that is missing, or doesn't read as
        /// its type, is `nil`.
        public init(_ fields: HTTPFields) {
            contentType = fields.value("Content-Type")
        }
    }

    public init() {}

    public func endpoint(for input: Input) -> Endpoint {
        Endpoint(.get, "/tickets/\(input.id)/qr")
    }

    /// The body as it came, with the response headers.
    public func output(from response: HTTPResponse, body: Data, decoder: JSONDecoder) -> Output {
        WithHeaders(body, headers: Headers(response.headerFields))
    }
}
