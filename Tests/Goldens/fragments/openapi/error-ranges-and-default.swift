/// An error the Shop API reports.
public enum ShopError: APIError, Equatable {
    /// HTTP 404.
    case notFound
    /// Any HTTP 4xx that no case of its own status takes.
    case clientError(statusCode: Int, Problem?)
    /// Any HTTP 5xx that no case of its own status takes.
    case serverError(statusCode: Int)
    /// Any other rejected response whose body decodes as the payload.
    case otherError(statusCode: Int, Problem)
    /// A response no other case describes, with what it said.
    case unknown(statusCode: Int, body: Data)

    public init(response: HTTPResponse, body: Data, decoder: JSONDecoder) {
        switch response.status.code {
        case 404:
            self = .notFound
        case 400...499:
            self = .clientError(
                statusCode: response.status.code,
                try? decoder.decode(Problem.self, from: body)
            )
        case 500...599:
            self = .serverError(statusCode: response.status.code)
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
