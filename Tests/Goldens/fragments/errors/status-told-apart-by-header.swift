/// An error the GitHub API reports.
public enum GitHubError: APIError, Equatable {
    /// HTTP 403 with `X-RateLimit-Remaining: 0`.
    case rateLimited(message: String?)
    /// HTTP 403.
    case forbidden(message: String?)
    /// HTTP 404.
    case notFound(message: String?)
    /// A response no other case describes, with what it said.
    case unknown(statusCode: Int, message: String?, body: Data)

    public init(response: HTTPResponse, body: Data) {
        let message: String? = body.value(at: "message")
        switch response.status.code {
        case 403 where response.headerFields.value("X-RateLimit-Remaining") == "0":
            self = .rateLimited(message: message)
        case 403:
            self = .forbidden(message: message)
        case 404:
            self = .notFound(message: message)
        default:
            self = .unknown(statusCode: response.status.code, message: message, body: body)
        }
    }

    /// What the server said about the error, whichever case it is.
    public var message: String? {
        switch self {
        case .rateLimited(let message), .forbidden(let message), .notFound(let message):
            message
        case .unknown(_, let message, _):
            message
        }
    }
}
