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

/// The deadline of a client whose test is about something else than deadlines (redirects,
/// credentials, bodies): long enough that a call never runs into it on a loaded machine.
///
/// A call's deadline is kept off Swift's cooperative pool, so it passes on time, while the
/// steps of the call between its sends (following a redirect, applying a credential again)
/// wait for a turn on the pool. Run beside the whole suite, on 2 cores and under
/// ThreadSanitizer, those turns have waited 20 s behind the CPU-bound tests queued at the
/// start; a test of redirects must not fail for that.
let unhurriedTimeout: TimeInterval = 120
