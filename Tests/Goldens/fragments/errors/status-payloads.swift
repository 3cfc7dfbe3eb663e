/// An error the Shop API reports.
public enum ShopError: APIError, Equatable {
    /// HTTP 401.
    case invalidToken
    /// HTTP 404.
    case notFound(message: String?)
    /// HTTP 422.
    case unprocessable(Problem?)
    /// HTTP 501.
    case appUpdateRequired
    /// A response no other case describes, with what it said.
    case unknown(statusCode: Int, body: Data)

    public init(response: HTTPResponse, body: Data, decoder: JSONDecoder) {
        switch response.status.code {
        case 401:
            self = .invalidToken
        case 404:
            self = .notFound(message: body.value(at: "error.text"))
        case 422:
            self = .unprocessable(try? decoder.decode(Problem.self, from: body))
        case 501:
            self = .appUpdateRequired
        default:
            self = .unknown(statusCode: response.status.code, body: body)
        }
    }

    public init(response: HTTPResponse, body: Data) {
        self.init(response: response, body: body, decoder: JSONDecoder())
    }
}
