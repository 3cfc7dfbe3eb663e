import Foundation

/// Sends a request and returns the response; the one seam between StrategyKit and a network stack.
///
/// A transport returns every response it receives, whatever its status, redirects included:
/// deciding what is a failure belongs to the strategy, and following a redirect to the client
/// (``StrategyClient/Limits/RedirectPolicy``). When no response comes it throws a ``TransportError``, mapping its
/// own errors into a ``TransportError/Kind``.
///
/// A transport keeps the `limits` it is given: ``StrategyClient/Limits/timeout`` as a deadline for the
/// whole exchange, ``StrategyClient/Limits/connectTimeout`` and ``StrategyClient/Limits/maximumResponseBytes``.
/// A ``StrategyClient`` passes its own limits (or the endpoint's) and enforces the size limit
/// again itself, and the deadline too around a transport other than the runtime's own (which
/// keep it as the client would); a transport used alone gets ``StrategyClient/Limits/default``.
public protocol Transport: Sendable {
    /// Sends `request` with `body` and returns the response and its body, whatever the status.
    ///
    /// - Throws: a ``TransportError`` when no response came: a failed connection, a timeout,
    ///   cancellation, a response too large or not valid HTTP.
    func send(_ request: HTTPRequest, body: Data?, limits: StrategyClient.Limits) async throws -> (HTTPResponse, Data)

    /// Sends `request` with a body read as it is sent, and returns the response head as soon
    /// as it comes, with its body as a stream; see <doc:StreamsFilesAndProgress>.
    ///
    /// The default sends through ``send(_:body:limits:)``, the whole body in memory each way,
    /// so every transport can stream, if not as it goes; the runtime's own transports stream.
    ///
    /// - Parameters:
    ///   - request: the request's head.
    ///   - body: the request body, read as it is sent; `nil` for none.
    ///   - limits: ``StrategyClient/Limits/maximumResponseBytes`` bounds the streamed body and
    ///     ``StrategyClient/Limits/connectTimeout`` connecting; the client keeps the deadlines
    ///     of a stream itself.
    ///   - sent: told the number of body bytes sent so far, as they go.
    /// - Throws: a ``TransportError`` when no response head came.
    func stream(
        _ request: HTTPRequest,
        body: ByteStream?,
        limits: StrategyClient.Limits,
        sent: (@Sendable (Int64) -> Void)?
    ) async throws -> (HTTPResponse, ByteStream)
}

extension Transport {
    /// Sends `request` with `body` within ``StrategyClient/Limits/default``.
    public func send(_ request: HTTPRequest, body: Data? = nil) async throws -> (HTTPResponse, Data) {
        try await send(request, body: body, limits: .default)
    }
}
