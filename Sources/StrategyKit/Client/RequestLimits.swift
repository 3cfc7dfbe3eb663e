import Foundation

extension StrategyClient {
    /// How long a request may take, how large its response may be, and whether redirects are
    /// followed: one meaning on every transport.
    ///
    /// A client has one set (``StrategyClient/limits``); an endpoint may override the time and
    /// size limits for itself (``Endpoint/timeout``, ``Endpoint/connectTimeout``,
    /// ``Endpoint/maximumResponseBytes``).
    ///
    /// - ``timeout`` is a deadline for each attempt, from the start of connecting to the last
    ///   byte of the body, redirects included. The client enforces it around the transport (the
    ///   runtime's own transports keep it themselves, the same way), so a
    ///   server that stalls before its head, stalls mid-body or trickles its body fails with
    ///   ``TransportError/Kind/timedOut`` when the deadline passes, on every transport. Retries
    ///   each get a deadline of their own, so a call with a ``Middleware/retry(_:name:)`` lasts at most
    ///   `(maxRetries + 1) × timeout` plus the waits between attempts, each at most
    ///   ``RetryPolicy/maxDelay`` (and ``RetryPolicy/jitter`` of ``RetryPolicy/baseDelay`` after
    ///   a `Retry-After`).
    /// - ``connectTimeout`` bounds the wait for a connection, and for the next bytes when none
    ///   come (Foundation has one timer for both, so both transports apply it to both).
    /// - ``maximumResponseBytes`` bounds the body: a larger one fails with
    ///   ``TransportError/Kind/responseTooLarge`` as soon as the transport sees it is larger
    ///   (from its `Content-Length` or while reading), so it is never held in memory whole.
    /// - ``redirects`` says whether the client follows redirects; transports never follow them on
    ///   their own. See ``StrategyClient/Limits/RedirectPolicy``.
    public struct Limits: Hashable, Sendable {
        /// The deadline in seconds for each attempt, connecting to last body byte; 60 by default.
        public var timeout: TimeInterval
        /// Seconds to wait for a connection, and for the next bytes when none come; 30 by default.
        public var connectTimeout: TimeInterval
        /// The most bytes of a response body; 10 MiB by default.
        public var maximumResponseBytes: Int
        /// Whether and how often redirects are followed; at most 5 by default.
        public var redirects: RedirectPolicy

        /// Limits; each parameter is described by the property of the same name.
        public init(
            timeout: TimeInterval = 60,
            connectTimeout: TimeInterval = 30,
            maximumResponseBytes: Int = 10 * 1024 * 1024,
            redirects: RedirectPolicy = .follow(max: 5)
        ) {
            self.timeout = timeout
            self.connectTimeout = connectTimeout
            self.maximumResponseBytes = maximumResponseBytes
            self.redirects = redirects
        }

        /// 60 s deadline, 30 s connect timeout, 10 MiB bodies, at most 5 redirects.
        public static let `default` = StrategyClient.Limits()

        /// These limits with the ones `endpoint` sets in their place.
        func overridden(by endpoint: Endpoint) -> StrategyClient.Limits {
            var limits = self
            limits.timeout = endpoint.timeout ?? timeout
            limits.connectTimeout = endpoint.connectTimeout ?? connectTimeout
            limits.maximumResponseBytes = endpoint.maximumResponseBytes ?? maximumResponseBytes
            return limits
        }
    }
}

extension StrategyClient.Limits {
    /// Whether a client follows redirects (301, 302, 303, 307, 308 with a `Location`).
    ///
    /// Followed redirects keep the method and body, except that a 303 turns into a `GET` without
    /// a body, and so does a 301 or 302 answering a `POST`, as browsers do. When a redirect leads
    /// to another origin (scheme, host or port), every credential is taken off the request first:
    /// `Authorization`, `Proxy-Authorization`, `Cookie`, and every header and query item an
    /// authenticator added (API keys in the query included; see ``Authenticator``). On the same
    /// origin every credential goes on with it: header fields stay, and a query item an
    /// authenticator added is put on the redirected URL even when its `Location` leaves it out.
    /// Middlewares don't run again for the redirected request.
    public enum RedirectPolicy: Hashable, Sendable {
        /// Redirects are returned as responses.
        case never
        /// Redirects are followed, at most `max` in a row; one more fails with
        /// ``TransportError/Kind/invalidResponse``.
        case follow(max: Int)
    }
}

/// Runs `operation`, and when `seconds` pass before it ends, cancels it and throws
/// ``TransportError/Kind/timedOut``.
///
/// The client runs every transport call under it, so a deadline means the same on every
/// transport; a transport may use it too, to keep its own deadline when used alone. A
/// cancelled caller gets ``TransportError/Kind/cancelled``.
public func withDeadline<T: Sendable>(
    seconds: TimeInterval,
    _ operation: @escaping @Sendable () async throws -> T
) async throws -> T {
    try TransportError.checkCancellation()
    return try await withThrowingTaskGroup(of: T?.self) { group in
        group.addTask { try await operation() }
        group.addTask {
            try await Task.sleep(for: .milliseconds(Int64((max(seconds, 0) * 1000).rounded(.up))))
            return nil
        }
        defer { group.cancelAll() }
        do {
            if let value = try await group.next() ?? nil { return value }
        } catch is CancellationError {
            throw TransportError.cancelled
        }
        if Task.isCancelled { throw TransportError.cancelled }
        throw TransportError(.timedOut, detail: "deadline of \(seconds) s passed")
    }
}
