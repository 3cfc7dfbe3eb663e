import Foundation

/// Why a transport got no usable response; the one error every transport throws when no
/// response came.
///
/// Each transport maps its own errors (Foundation's, AsyncHTTPClient's, SwiftNIO's) into a
/// ``Kind``, so retrying, logging and tests decide by kind alone, whatever the transport.
/// The description names the kind and a short detail, never the URL or a header, so it
/// can't carry a credential into a log.
public struct TransportError: Error, Hashable, Sendable, CustomStringConvertible {
    /// What went wrong.
    public enum Kind: String, Hashable, Sendable, CaseIterable {
        /// No connection could be made: refused, host not found, no network, TLS failed.
        case cannotConnect
        /// The deadline or the connect timeout passed before the whole response came.
        case timedOut
        /// The connection broke after it was made, before the whole response came.
        case connectionLost
        /// The calling task was cancelled.
        case cancelled
        /// The response is larger than the most bytes allowed.
        case responseTooLarge
        /// The server answered with something that isn't a valid HTTP response, or redirected
        /// too often; also an error the transport doesn't recognise, its type in the
        /// ``TransportError/detail``.
        case invalidResponse
    }

    /// What went wrong.
    public var kind: Kind
    /// A short detail for logs, such as the underlying error's code; never a URL or a header.
    public var detail: String

    /// An error of `kind`, with an optional detail for logs.
    public init(_ kind: Kind, detail: String = "") {
        self.kind = kind
        self.detail = detail
    }

    /// Whether another attempt may meet a different outcome: a failed or broken connection or
    /// a timeout, not cancellation, an oversized or an invalid response.
    ///
    /// An error a transport doesn't recognise is an invalid response, so it isn't retried:
    /// nothing says another attempt would fare better, and a retry would only delay the
    /// error (and send the request again) before the caller sees it.
    public var isTransient: Bool {
        switch kind {
        case .cannotConnect, .timedOut, .connectionLost: true
        case .cancelled, .responseTooLarge, .invalidResponse: false
        }
    }

    /// The kind and the detail, e.g. `timedOut (deadline of 2.0 s passed)`.
    public var description: String {
        detail.isEmpty ? "transport error: \(kind.rawValue)" : "transport error: \(kind.rawValue) (\(detail))"
    }

    /// The error for a cancelled task: ``Kind/cancelled``.
    public static let cancelled = TransportError(.cancelled)

    /// Throws ``Kind/cancelled`` when the current task is cancelled; transports call it before
    /// any work starts, so a cancelled task never opens a connection.
    public static func checkCancellation() throws(TransportError) {
        if Task.isCancelled { throw .cancelled }
    }
}
