/// An error the Zoo API reports.
public enum ZooError: SuccessCheckingAPIError, DecodingAPIError, Equatable {
    /// Error code 3.
    case closed
    /// HTTP 404.
    case notFound(Problem?)
    /// HTTP 429.
    case tooManyRequests
    /// A response no other case describes, with what it said.
    case unknown(statusCode: Int, code: Int?, message: String?, body: Data)

    public init(response: HTTPResponse, body: Data, decoder: JSONDecoder) {
        let code = body.value(at: "error.code", as: Int.self)
        switch (response.status.code, code) {
        case (_, 3?):
            self = .closed
        case (404, _):
            self = .notFound(try? decoder.decode(Problem.self, from: body))
        case (429, _):
            self = .tooManyRequests
        default:
            self = .unknown(
                statusCode: response.status.code,
                code: code,
                message: body.value(at: "error.message"),
                body: body
            )
        }
    }

    /// Accepts a 2xx response unless its body has `error`: this API reports errors at HTTP 200.
    public static let successCheck: SuccessCheck = .statusCodes(200..<300).and(.bodyLacksKey("error"))
}
