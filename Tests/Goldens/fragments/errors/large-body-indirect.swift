/// An error the Payments API reports.
public indirect enum PaymentsError: APIError, Equatable {
    /// HTTP 402.
    case declined(CardDetails?)
    /// Any other rejected response whose body decodes as the payload.
    case failed(statusCode: Int, CardError)
    /// A response no other case describes, with what it said.
    case unknown(statusCode: Int, body: Data)

    public init(response: HTTPResponse, body: Data, decoder: JSONDecoder) {
        switch response.status.code {
        case 402:
            self = .declined(try? decoder.decode(CardDetails.self, from: body))
        default:
            guard let payload = try? decoder.decode(CardError.self, from: body) else {
                self = .unknown(statusCode: response.status.code, body: body)
                return
            }
            self = .failed(statusCode: response.status.code, payload)
        }
    }

    public init(response: HTTPResponse, body: Data) {
        self.init(response: response, body: body, decoder: JSONDecoder())
    }
}
