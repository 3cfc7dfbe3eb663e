/// An error the Shop API reports.
public enum ShopError: APIError, Equatable {
    /// Any HTTP 5xx that no case of its own status takes.
    case serverError(statusCode: Int)
    /// Any HTTP 4xx that no case of its own status takes.
    case clientError(statusCode: Int, Problem?)
    /// HTTP 404.
    case notFound
    /// Any other rejected response whose body decodes as the payload.
    case otherError(statusCode: Int, Problem)
    /// A response no other case describes, with what it said.
    case unknown(statusCode: Int, body: Data)

    public init(response: HTTPResponse, body: Data, decoder: JSONDecoder) {
        switch response.status.code {
        case 404:
            self = .notFound
        case 500...599:
            self = .serverError(statusCode: response.status.code)
        case 400...499:
            self = .clientError(
                statusCode: response.status.code,
                try? decoder.decode(Problem.self, from: body)
            )
        default:
            guard let payload = try? decoder.decode(Problem.self, from: body) else {
                self = .unknown(statusCode: response.status.code, body: body)
                return
            }
            self = .otherError(statusCode: response.status.code, payload)
        }
    }

    public init(response: HTTPResponse, body: Data) {
        self.init(response: response, body: body, decoder: JSONDecoder())
    }
}
