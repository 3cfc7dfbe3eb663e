import Foundation

/// Why a call failed, in as many cases as a caller handles: the API's documented error, no
/// response, no credentials, a body that didn't decode, or a request that couldn't be made.
///
/// Generated client methods throw it typed with the API's error enum, so a caller's `catch`
/// knows what came, and a `switch` over it is exhaustive without a `default`:
///
/// ```swift
/// do {
///     let wall = try await vk.getWall(ownerId: 1)
/// } catch {
///     switch error {
///     case .api(.invalidAccessToken): signIn()
///     case .api(let error): show(error)
///     case .transport(let error) where error.kind == .timedOut: retryLater()
///     case .transport, .authentication, .decoding, .request, .other: showOffline()
///     }
/// }
/// ```
///
/// Bind a case's values inside such a `switch` (or a `guard case`), not in a `catch` pattern
/// that leaves other cases to propagate: Swift 6.3 fails to compile
/// `catch .api(.notFound(let message))` when the `do` isn't exhaustive.
///
/// The cases are stored out of line (`indirect`): a `CallError` is one pointer wide whatever
/// the API's error holds, so every generated method that passes one on moves a word, not the
/// widest case, and an error costs one allocation when it is made.
public indirect enum CallError<APIFailure: APIError>: Error, CustomStringConvertible {
    /// The API answered with an error: the response the strategy's success check rejected,
    /// as the strategy's error type.
    case api(APIFailure)
    /// No response came; its ``TransportError/kind`` says why (cancelled included).
    case transport(TransportError)
    /// Credentials could not be had or renewed; the request was not sent (again).
    case authentication(Authenticator.Failure)
    /// The response was a success, but its body didn't give the output; the body is kept.
    case decoding(any Error, body: Data)
    /// The request could not be made, and nothing was sent: a ``RequestBuildingError``, or a
    /// body that didn't encode.
    case request(any Error)
    /// An error of a middleware or transport of your own, passed on as it was thrown.
    case other(any Error)

    /// The error as the layer that failed threw it, e.g. the ``TransportError``; for a
    /// decoding failure, the decoder's error.
    public var underlying: any Error {
        switch self {
        case .api(let error): error
        case .transport(let error): error
        case .authentication(let error): error
        case .decoding(let error, _): error
        case .request(let error): error
        case .other(let error): error
        }
    }

    /// The underlying error's description.
    public var description: String {
        "\(underlying)"
    }

    /// Sorts an error thrown on the way to a response into its case.
    init(sorting error: any Error) {
        switch error {
        case let error as APIFailure: self = .api(error)
        case let error as TransportError: self = .transport(error)
        case is CancellationError: self = .transport(.cancelled)
        case let error as Authenticator.Failure: self = .authentication(error)
        case is RequestBuildingError, is EncodingError: self = .request(error)
        default: self = .other(error)
        }
    }
}
