/// An error the Zoo API reports.
public enum ZooError: APIError, Equatable {
    /// Error code 3.
    case closed(message: String?)
    /// HTTP 404.
    case notFound(Problem?, message: String?)
    /// HTTP 429.
    case tooManyRequests(message: String?)
    /// A response no other case describes, with what it said.
    case unknown(statusCode: Int, code: Int?, message: String?, body: Data)

    public init(response: HTTPResponse, body: Data, decoder: JSONDecoder) {
        let code = body.value(at: "error.code", as: Int.self)
        let message: String? = body.value(at: "error.message")
        switch (response.status.code, code) {
        case (_, 3?):
            self = .closed(message: message)
        case (404, _):
            self = .notFound(try? decoder.decode(Problem.self, from: body), message: message)
        case (429, _):
            self = .tooManyRequests(message: message)
        default:
            self = .unknown(statusCode: response.status.code, code: code, message: message, body: body)
        }
    }

    public init(response: HTTPResponse, body: Data) {
        self.init(response: response, body: body, decoder: JSONDecoder())
    }

    /// What the server said about the error, whichever case it is.
    public var message: String? {
        switch self {
        case .closed(let message), .notFound(_, let message), .tooManyRequests(let message):
            message
        case .unknown(_, _, let message, _):
            message
        }
    }

    /// Accepts a 2xx response unless its body has `error`: this API reports errors at HTTP 200.
    public static let successCheck: SuccessCheck = .statusCodes(200..<300).and(.bodyLacksKey("error"))
}
