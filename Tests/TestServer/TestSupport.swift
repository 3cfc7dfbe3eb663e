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

/// A count shared by a server's handler and a test, which a test can wait on: it goes on as
/// soon as the count is reached, instead of sleeping and looking.
public final class Counter: Sendable {
    private struct Waiter {
        var target: Int
        var continuation: CheckedContinuation<Void, any Error>
        var bound: Task<Void, Never>?
    }

    private struct State {
        var value = 0
        var waiters: [Int: Waiter] = [:]
        var nextWaiter = 0
    }

    private let state = Protected(State())

    /// A count of zero.
    public init() {}

    /// Adds one and returns the new count; resumes whoever waits for it.
    @discardableResult
    public func increment() -> Int {
        let (value, reached) = state.withLock { state in
            state.value += 1
            let reached = state.waiters.filter { $0.value.target <= state.value }
            for id in reached.keys { state.waiters[id] = nil }
            return (state.value, Array(reached.values))
        }
        for waiter in reached {
            waiter.bound?.cancel()
            waiter.continuation.resume()
        }
        return value
    }

    /// The count now.
    public var count: Int { state.withLock { $0.value } }

    /// Returns as soon as the count is `target` or more.
    ///
    /// - Throws: ``NeverReached`` when it isn't after `seconds`: a bound on a broken test, so
    ///   it fails instead of hanging, not a wait.
    public func reach(_ target: Int, within seconds: Double = 60) async throws {
        try await withCheckedThrowingContinuation { (continuation: CheckedContinuation<Void, any Error>) in
            let id: Int? = state.withLock { state in
                guard state.value < target else { return nil }
                let id = state.nextWaiter
                state.nextWaiter += 1
                state.waiters[id] = Waiter(target: target, continuation: continuation)
                return id
            }
            guard let id else { return continuation.resume() }
            let bound = Task { [state] in
                try? await Task.sleep(for: .milliseconds(Int64(seconds * 1000)))
                guard !Task.isCancelled else { return }
                let waiter = state.withLock { $0.waiters.removeValue(forKey: id) }
                waiter?.continuation.resume(throwing: NeverReached(target: target, seconds: seconds))
            }
            let waiting = state.withLock { state in
                state.waiters[id]?.bound = bound
                return state.waiters[id] != nil
            }
            if !waiting { bound.cancel() }
        }
    }
}

/// A count a test waited for that wasn't reached in time.
public struct NeverReached: Error, CustomStringConvertible {
    public var target: Int
    public var seconds: Double
    public var description: String { "the count didn't reach \(target) in \(seconds) s" }
}

/// Something that happens once, that a test waits for.
public final class Flag: Sendable {
    private let counter = Counter()

    /// A flag not yet set.
    public init() {}

    /// Sets the flag; whoever waits for it goes on.
    public func set() { counter.increment() }

    /// Whether the flag is set.
    public var isSet: Bool { counter.count > 0 }

    /// Returns as soon as the flag is set; throws ``NeverReached`` when it isn't after `seconds`.
    public func wait(within seconds: Double = 60) async throws {
        try await counter.reach(1, within: seconds)
    }
}
