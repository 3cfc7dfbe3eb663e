import Foundation

/// An error type with payloads decoded from the response body, with the decoder the client was
/// given (its date and key strategies); built without one, it uses a plain `JSONDecoder`.
public protocol DecodingAPIError: APIError {
    /// Builds the error from a rejected response and its body, decoding its payload with `decoder`.
    init(response: HTTPResponse, body: Data, decoder: JSONDecoder)
}

extension DecodingAPIError {
    /// The error built with a plain `JSONDecoder`.
    public init(response: HTTPResponse, body: Data) {
        self.init(response: response, body: body, decoder: JSONDecoder())
    }
}
