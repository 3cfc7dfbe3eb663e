import Foundation

/// One endpoint of an API, written once: the request an input makes, and how a response
/// becomes a typed output or a typed failure.
///
/// Call sites never repeat the conversion chain; they hand a strategy and its input to a
/// ``StrategyClient``:
///
/// ```swift
/// let user = try await client.send(GetUser(), GetUser.Input(id: 42))
/// ```
public protocol Strategy: Sendable {
    /// What a caller supplies for one call.
    associatedtype Input: Sendable = Void
    /// What a successful call returns.
    associatedtype Output: Sendable
    /// The error thrown for a response that ``isSuccess(_:)`` rejects.
    associatedtype Failure: APIError = UnexpectedResponse

    /// The request that `input` makes.
    func endpoint(for input: Input) throws -> Endpoint

    /// Whether `response` is a success. The default accepts status codes 200 to 299.
    func isSuccess(_ response: HTTPResponse) -> Bool

    /// Turns a successful response into the output.
    func output(from response: HTTPResponse) throws -> Output
}

extension Strategy {
    public func isSuccess(_ response: HTTPResponse) -> Bool {
        (200..<300).contains(response.statusCode)
    }
}

extension Strategy where Output: Decodable {
    /// Decodes the body as JSON.
    public func output(from response: HTTPResponse) throws -> Output {
        try JSONDecoder().decode(Output.self, from: response.body)
    }
}

extension Strategy where Output == Void {
    /// Ignores the body.
    public func output(from response: HTTPResponse) throws {}
}
