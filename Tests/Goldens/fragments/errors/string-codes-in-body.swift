/// An error the Shop API reports.
public enum ShopError: APIError, Equatable {
    /// Error code `OUT_OF_STOCK`.
    case outOfStock
    /// Error code `STORE_CLOSED`.
    case closed
    /// HTTP 500.
    case serverError
    /// A response no other case describes, with what it said.
    case unknown(statusCode: Int, code: String?, body: Data)

    public init(response: HTTPResponse, body: Data) {
        let code = body.value(at: "meta.error.code", as: String.self)
        switch (response.status.code, code) {
        case (_, "OUT_OF_STOCK"?):
            self = .outOfStock
        case (_, "STORE_CLOSED"?):
            self = .closed
        case (500, _):
            self = .serverError
        default:
            self = .unknown(statusCode: response.status.code, code: code, body: body)
        }
    }

    /// Accepts a 2xx response unless its body has `meta.error`: this API reports errors at HTTP 200.
    public static let successCheck: SuccessCheck = .statusCodes(200..<300).and(.bodyLacksKey("meta.error"))
}
