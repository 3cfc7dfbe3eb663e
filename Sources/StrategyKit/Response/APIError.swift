import Foundation

/// An error an API reports in a response, built from that response.
///
/// Generated error enums conform to it: a case per known status code or error code,
/// and an unknown case that keeps what the response said.
public protocol APIError: Error, Sendable {
    /// Builds the error from a response that the strategy's success check rejected.
    init(response: HTTPResponse)

    /// Builds the error from a rejected response, decoding any payload with `decoder`, the
    /// client's. The default ignores `decoder`.
    init(response: HTTPResponse, decoder: JSONDecoder)
}

extension APIError {
    /// The error ``init(response:)`` builds; `decoder` goes unused.
    public init(response: HTTPResponse, decoder: JSONDecoder) {
        self.init(response: response)
    }
}

/// The failure of a strategy that declares no error type: the response as it came.
public struct UnexpectedResponse: APIError, Hashable, CustomStringConvertible {
    /// The response the success check rejected.
    public var response: HTTPResponse

    /// Keeps `response`.
    public init(response: HTTPResponse) {
        self.response = response
    }

    /// The status code and the body's size, for logs.
    public var description: String {
        "unexpected response: HTTP \(response.statusCode), \(response.body.count) bytes"
    }
}
