import Foundation

/// A value behind a lock, for the few places the runtime shares mutable state across threads.
final class Locked<Value: Sendable>: @unchecked Sendable {
    // `value` is only touched inside `withLock`.
    private let lock = NSLock()
    private var value: Value

    init(_ value: Value) {
        self.value = value
    }

    func withLock<Result>(_ body: (inout Value) throws -> Result) rethrows -> Result {
        lock.lock()
        defer { lock.unlock() }
        return try body(&value)
    }
}
