import StrategyKit
import StrategyKitAsyncHTTPClient

/// The transports every conformance test runs against, one argument each.
public enum TransportKind: String, CaseIterable, CustomStringConvertible, Sendable {
    case urlSession
    case asyncHTTPClient

    /// A new transport of this kind.
    public var transport: any Transport {
        switch self {
        case .urlSession: URLSessionTransport()
        case .asyncHTTPClient: AsyncHTTPClientTransport()
        }
    }

    /// The kind's name, as a test's argument is shown.
    public var description: String { rawValue }
}
