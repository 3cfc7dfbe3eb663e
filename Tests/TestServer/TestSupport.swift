import Foundation
import StrategyKit

extension HTTPTestServer {
    /// This server as a StrategyKit server, under `basePath`.
    public func server(basePath: String = "") -> Server {
        Server(scheme: "http", host: "127.0.0.1", port: port, basePath: basePath)
    }
}

extension RecordedRequest {
    /// The decoded value of the first query item called `name`.
    public func query(_ name: String) -> String? {
        queryItems.first { $0.name == name }?.value
    }

    /// The form-encoded body as name → value; the first of repeated names wins.
    public var form: [String: String] {
        var components = URLComponents()
        components.percentEncodedQuery = String(decoding: body, as: UTF8.self)
        return Dictionary((components.queryItems ?? []).map { ($0.name, $0.value ?? "") }, uniquingKeysWith: { first, _ in first })
    }
}

/// A count shared by a server's handler and a test.
public final class Counter: Sendable {
    private let lock = NSLock()
    nonisolated(unsafe) private var value = 0

    /// A count of zero.
    public init() {}

    /// Adds one and returns the new count.
    @discardableResult
    public func increment() -> Int {
        lock.withLock {
            value += 1
            return value
        }
    }

    /// The count now.
    public var count: Int { lock.withLock { value } }
}
