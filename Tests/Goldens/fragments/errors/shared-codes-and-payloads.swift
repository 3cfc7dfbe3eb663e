/// An error the Slack API reports.
public enum ChannelError: APIError, Equatable {
    /// Error code `invalid_auth`.
    case invalidAuth(message: String?)
    /// Error code `missing_scope`.
    case missingScope(needed: String?, provided: String?, message: String?)
    /// Error code `not_in_channel`.
    case notInChannel(message: String?)
    /// HTTP 429.
    case rateLimited(retryAfter: String?, message: String?)
    /// A response no other case describes, with what it said.
    case unknown(statusCode: Int, code: String?, message: String?, body: Data)

    public init(response: HTTPResponse, body: Data) {
        let code = body.value(at: "error", as: String.self)
        let message: String? = body.value(at: "detail")
        switch (response.status.code, code) {
        case (_, "invalid_auth"?):
            self = .invalidAuth(message: message)
        case (_, "missing_scope"?):
            self = .missingScope(
                needed: body.value(at: "needed"),
                provided: body.value(at: "provided"),
                message: message
            )
        case (_, "not_in_channel"?):
            self = .notInChannel(message: message)
        case (429, _):
            self = .rateLimited(retryAfter: body.value(at: "retry_after"), message: message)
        default:
            self = .unknown(statusCode: response.status.code, code: code, message: message, body: body)
        }
    }

    /// What the server said about the error, whichever case it is.
    public var message: String? {
        switch self {
        case .invalidAuth(let message), .missingScope(_, _, let message), .notInChannel(let message):
            message
        case .rateLimited(_, let message), .unknown(_, _, let message, _):
            message
        }
    }

    /// Accepts a 2xx response unless its body has `error`: this API reports errors at HTTP 200.
    public static let successCheck: SuccessCheck = .statusCodes(200..<300).and(.bodyLacksKey("error"))
}
