import Foundation

/// Waits for a task's result in a way the waiter's cancellation ends at once, without
/// cancelling the task (others may be waiting for it).
enum CancellableWait {
    /// The task's result, or `CancellationError` as soon as the waiting task is cancelled.
    static func result<T: Sendable>(of task: Task<T, any Error>) async -> Result<T, any Error> {
        let once = Once<Result<T, any Error>>()
        return await withTaskCancellationHandler {
            await withCheckedContinuation { continuation in
                once.set(continuation)
                Task { once.resume(with: await task.result) }
            }
        } onCancel: {
            once.resume(with: .failure(CancellationError()))
        }
    }

    /// Resumes a continuation exactly once, whichever comes first: the result or cancellation,
    /// even when cancellation comes before the continuation exists.
    private final class Once<Value: Sendable>: Sendable {
        private struct State {
            var continuation: CheckedContinuation<Value, Never>?
            var early: Value?
            var done = false
        }

        private let state = Locked(State())

        func set(_ continuation: CheckedContinuation<Value, Never>) {
            let early: Value? = state.withLock { state in
                if let early = state.early {
                    state.early = nil
                    state.done = true
                    return early
                }
                state.continuation = continuation
                return nil
            }
            if let early { continuation.resume(returning: early) }
        }

        func resume(with value: Value) {
            let continuation: CheckedContinuation<Value, Never>? = state.withLock { state in
                guard !state.done else { return nil }
                guard let continuation = state.continuation else {
                    if state.early == nil { state.early = value }
                    return nil
                }
                state.done = true
                state.continuation = nil
                return continuation
            }
            continuation?.resume(returning: value)
        }
    }
}
