import Foundation

/// An error an API reports in a response, built from that response.
///
/// Generated error enums conform to it: a case per known status code or error code,
/// and an unknown case that keeps what the response said.
public protocol APIError: Error, Sendable {
    /// Builds the error from a response, and its body, that the strategy's success check rejected.
    init(response: HTTPResponse, body: Data)

    /// Builds the error from a rejected response and its body, decoding any payload with
    /// `decoder`, the client's. The default ignores `decoder`.
    init(response: HTTPResponse, body: Data, decoder: JSONDecoder)

    /// Which responses are successes for the API that reports this error. Strategies that fail
    /// with it take this check unless they set their own: an API that answers HTTP 200 with
    /// `{"error": …}` says so here once. The default accepts status codes 200 to 299.
    static var successCheck: SuccessCheck { get }
}

extension APIError {
    /// The error ``init(response:body:)`` builds; `decoder` goes unused.
    public init(response: HTTPResponse, body: Data, decoder: JSONDecoder) {
        self.init(response: response, body: body)
    }

    /// Accepts status codes 200 to 299.
    public static var successCheck: SuccessCheck { .statusCodes(200..<300) }
}

/// The failure of a strategy that declares no error type: the response as it came.
public struct UnexpectedResponse: APIError, Hashable, CustomStringConvertible {
    /// The response the success check rejected.
    public var response: HTTPResponse
    /// Its body.
    public var body: Data

    /// Keeps `response` and `body`.
    public init(response: HTTPResponse, body: Data) {
        self.response = response
        self.body = body
    }

    /// The status code and the body's size, for logs.
    public var description: String {
        "unexpected response: HTTP \(response.status.code), \(body.count) bytes"
    }
}
