import Foundation
@testable import StrategyKit
import Testing

/// A call that hadn't ended when the test stopped waiting for it.
struct Hung: Error, CustomStringConvertible {
    var seconds: Double
    var description: String { "still running after \(seconds) s" }
}

/// Runs `operation`, and when it hasn't ended after `seconds`, cancels it and throws ``Hung``
/// without waiting for it, so a call that never ends fails the test as a hang rather than
/// keeping it running (or ending later in another way).
///
/// The seconds are counted by a dispatch timer, off Swift's cooperative pool, and only while
/// the pool keeps up: a call takes several turns on the pool (its task's start, each
/// resumption, a retry's wait), each of which waits behind whatever the pool has queued, so
/// time in which the pool was behind isn't time the call could have used. A call that waits
/// for something else than the pool is still given up after `seconds`.
func failingIfHung<T: Sendable>(after seconds: Double, _ operation: @escaping @Sendable () async throws -> T) async throws -> T {
    let outcome = Handoff<Result<T, any Error>>()
    let work = Task {
        do {
            outcome.offer(.success(try await operation()))
        } catch {
            outcome.offer(.failure(error))
        }
    }
    let clock = PoolTimeClock(seconds: seconds, priority: Task.currentPriority) {
        outcome.offer(.failure(Hung(seconds: seconds)))
        work.cancel()
    }
    defer {
        clock.stop()
        work.cancel()
    }
    return try await withTaskCancellationHandler {
        try await outcome.value().get()
    } onCancel: {
        work.cancel()
    }
}

/// Counts the seconds in which Swift's cooperative pool keeps up, on a dispatch timer, and
/// calls `expired` once there have been `seconds` of them.
///
/// Every tick it sends a probe job to the pool, at the caller's priority, unless the last one
/// hasn't run yet; time counts while no probe has waited longer than `tolerance`.
private final class PoolTimeClock: @unchecked Sendable {
    private static let tick = DispatchTimeInterval.milliseconds(100)
    private static let tolerance: UInt64 = 300_000_000

    private let queue = DispatchQueue(label: "StrategyKitTests.HangGuard")
    private let timer: DispatchSourceTimer
    // Touched on `queue` only.
    private var counted: UInt64 = 0
    private var lastTick = DispatchTime.now().uptimeNanoseconds
    private var probeSent: UInt64?

    init(seconds: Double, priority: TaskPriority, expired: @escaping @Sendable () -> Void) {
        let limit = UInt64(seconds * 1_000_000_000)
        timer = DispatchSource.makeTimerSource(queue: queue)
        timer.schedule(deadline: .now() + Self.tick, repeating: Self.tick)
        timer.setEventHandler { [weak self] in
            guard let self else { return }
            let now = DispatchTime.now().uptimeNanoseconds
            if probeSent.map({ now - $0 <= Self.tolerance }) ?? true {
                counted += now - lastTick
            }
            lastTick = now
            if counted >= limit {
                timer.cancel()
                expired()
            } else if probeSent == nil {
                probeSent = now
                Task.detached(priority: priority) { [queue] in
                    queue.async { self.probeSent = nil }
                }
            }
        }
        timer.resume()
    }

    func stop() {
        queue.sync { timer.cancel() }
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

/// The guard itself: a call that never ends is given up as hung, and one that ends in time
/// gives its own result.
@Suite struct HangGuardTests {
    @Test func aCallThatNeverEndsIsGivenUp() async {
        await #expect(throws: Hung.self) {
            try await failingIfHung(after: 0.5) { try await Task.sleep(for: .seconds(3600)) }
        }
    }

    @Test func aCallThatEndsGivesItsResult() async throws {
        #expect(try await failingIfHung(after: 30) { 7 } == 7)
        await #expect(throws: CancellationError.self) {
            try await failingIfHung(after: 30) { throw CancellationError() }
        }
    }
}
