import Foundation

/// A value handed to one waiting task exactly once: the first value offered wins, and later ones
/// are dropped.
///
/// The value crosses under a lock rather than through the continuation, so the thread that waits
/// sees everything the offering thread wrote (a response built on a URLSession queue, say) in an
/// order ThreadSanitizer can see too.
final class Handoff<Value: Sendable>: Sendable {
    private enum State {
        case waiting(CheckedContinuation<Void, Never>?)
        case offered(Value)
    }

    private let state = Locked(State.waiting(nil))

    /// The value offered, waiting for it if it hasn't been yet.
    func value() async -> Value {
        await withCheckedContinuation { continuation in
            let isOffered = state.withLock { state -> Bool in
                guard case .waiting = state else { return true }
                state = .waiting(continuation)
                return false
            }
            if isOffered { continuation.resume() }
        }
        return state.withLock { state in
            guard case .offered(let value) = state else {
                preconditionFailure("a handoff resumed its waiter before a value was offered")
            }
            return value
        }
    }

    /// Hands `value` over, unless a value was offered before.
    func offer(_ value: Value) {
        let waiter = state.withLock { state -> CheckedContinuation<Void, Never>? in
            guard case .waiting(let waiter) = state else { return nil }
            state = .offered(value)
            return waiter
        }
        waiter?.resume()
    }
}
