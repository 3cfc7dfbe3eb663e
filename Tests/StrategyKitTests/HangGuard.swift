import Foundation

/// A call that hadn't ended when the test stopped waiting for it.
struct Hung: Error, CustomStringConvertible {
    var seconds: Double
    var description: String { "still running after \(seconds) s" }
}

/// Runs `operation`, and when it hasn't ended after `seconds`, cancels it and throws ``Hung``
/// without waiting for it, so a call that never ends fails the test as a hang rather than
/// keeping it running (or ending later in another way).
func failingIfHung<T: Sendable>(after seconds: Double, _ operation: @escaping @Sendable () async throws -> T) async throws -> T {
    let work = Task { try await operation() }
    let outcome = AsyncThrowingStream<T, any Error>.makeStream()
    let watch = Task {
        try await Task.sleep(for: .milliseconds(Int64(seconds * 1000)))
        outcome.continuation.finish(throwing: Hung(seconds: seconds))
    }
    Task {
        outcome.continuation.yield(with: await work.result)
        outcome.continuation.finish()
    }
    defer {
        watch.cancel()
        work.cancel()
    }
    return try await withTaskCancellationHandler {
        guard let value = try await outcome.stream.first(where: { _ in true }) else { throw CancellationError() }
        return value
    } onCancel: {
        work.cancel()
    }
}
