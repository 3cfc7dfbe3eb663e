/// An error the Shop API reports.
public enum ShopError: APIError, Equatable {
    /// Any other rejected response whose body decodes as the payload.
    case failed(statusCode: Int, Problem)
    /// A response no other case describes, with what it said.
    case unknown(statusCode: Int, body: Data)

    public init(response: HTTPResponse, body: Data, decoder: JSONDecoder) {
        guard let payload = try? decoder.decode(Problem.self, from: body) else {
            self = .unknown(statusCode: response.status.code, body: body)
            return
        }
        self = .failed(statusCode: response.status.code, payload)
    }

    public init(response: HTTPResponse, body: Data) {
        self.init(response: response, body: body, decoder: JSONDecoder())
    }
}
