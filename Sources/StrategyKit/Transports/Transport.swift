import Foundation

/// Sends a request and returns the response; the one seam between StrategyKit and a network stack.
///
/// A transport returns every response it receives, whatever its status, redirects included:
/// deciding what is a failure belongs to the strategy, and following a redirect to the client
/// (``RedirectPolicy``). When no response comes it throws a ``TransportError``, mapping its
/// own errors into a ``TransportError/Kind``.
///
/// A transport used alone keeps ``HTTPRequest/timeout`` as a deadline for the whole
/// exchange, ``HTTPRequest/connectTimeout`` and ``HTTPRequest/maximumResponseBytes``, with
/// defaults of its own where the request has none; a ``StrategyClient`` fills them in from
/// its ``RequestLimits`` and enforces the deadline and size limit again itself.
public protocol Transport: Sendable {
    /// Sends `request` and returns the response, whatever its status code.
    ///
    /// - Throws: a ``TransportError`` when no response came: a failed connection, a timeout,
    ///   cancellation, a response too large or not valid HTTP.
    func send(_ request: HTTPRequest) async throws -> HTTPResponse
}
