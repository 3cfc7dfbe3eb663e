import Foundation
import Testing

/// Keeps Swift's cooperative pool busy with CPU work while the tests beside it run, as
/// CPU-bound suites running in parallel do: a way to show that the servers, transports and
/// deadlines under test don't wait for a free thread of the pool. Off unless asked for:
///
/// ```
/// STRATEGYKIT_BUSY_POOL=8,300,40 swift test --skip-build \
///     --filter "RedirectTests|FaultConformanceTests|BusyPoolTests"
/// ```
///
/// The value is `tasks,milliseconds,seconds`: that many tasks, each computing for slices of
/// that many milliseconds between yields, for that many seconds. `60,1000,30` keeps a job
/// waiting up to 30 s for its turn, as the whole suite under ThreadSanitizer on 2 cores did
/// (`--filter "RedirectTests|RetryTests|BusyPoolTests"`).
@Suite struct BusyPoolTests {
    static let load = ProcessInfo.processInfo.environment["STRATEGYKIT_BUSY_POOL"]
        .map { $0.split(separator: ",").compactMap { Double($0) } }

    @Test(.enabled(if: load?.count == 3))
    func keepThePoolBusy() async {
        guard let load = Self.load, load.count == 3 else { return }
        let (tasks, slice, end) = (Int(load[0]), Duration.milliseconds(Int64(load[1])), ContinuousClock.now + .seconds(load[2]))
        await withTaskGroup(of: UInt64.self) { group in
            for _ in 0..<tasks {
                group.addTask {
                    var state: UInt64 = 1
                    while ContinuousClock.now < end {
                        let sliceEnd = ContinuousClock.now + slice
                        while ContinuousClock.now < sliceEnd {
                            for _ in 0..<1000 { state = state &* 6364136223846793005 &+ 1 }
                        }
                        await Task.yield()
                    }
                    return state
                }
            }
            for await _ in group {}
        }
    }
}
