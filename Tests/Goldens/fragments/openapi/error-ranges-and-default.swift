/// An error the Shop API reports.
public enum ShopError: APIError, Equatable {
    /// HTTP 404, with its body as it came: operations give it different bodies.
    case notFound(Problem?, body: Data)
    /// Any HTTP 4xx that no case of its own status takes.
    case clientError(statusCode: Int, Problem?)
    /// Any HTTP 5xx that no case of its own status takes, with its body as it came: operations give it
    /// different bodies.
    case serverError(statusCode: Int, Problem?, body: Data)
    /// Any other rejected response whose body decodes as the payload.
    case otherError(statusCode: Int, Problem)
    /// A response no other case describes, with what it said.
    case unknown(statusCode: Int, body: Data)

    public init(response: HTTPResponse, body: Data, decoder: JSONDecoder) {
        switch response.status.code {
        case 404:
            self = .notFound(try? decoder.decode(Problem.self, from: body), body: body)
        case 400...499:
            self = .clientError(
                statusCode: response.status.code,
                try? decoder.decode(Problem.self, from: body)
            )
        case 500...599:
            self = .serverError(
                statusCode: response.status.code,
                try? decoder.decode(Problem.self, from: body),
                body: body
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
