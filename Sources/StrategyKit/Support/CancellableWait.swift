import Foundation

/// Waits for a task's result in a way the waiter's cancellation ends at once, without
/// cancelling the task (others may be waiting for it).
enum CancellableWait {
    /// The task's result, or `CancellationError` as soon as the waiting task is cancelled.
    static func result<T: Sendable>(of task: Task<T, any Error>) async -> Result<T, any Error> {
        let handoff = Handoff<Result<T, any Error>>()
        return await withTaskCancellationHandler {
            Task { handoff.offer(await task.result) }
            return await handoff.value()
        } onCancel: {
            handoff.offer(.failure(CancellationError()))
        }
    }
}
