import Foundation

/// One thread that fires the deadlines of every call in flight, so that setting and clearing a
/// call's deadline costs a lock and no system call: the thread is woken only when a deadline
/// earlier than every other is set, and otherwise sleeps until the earliest one passes.
final class DeadlineClock: @unchecked Sendable {
    static let shared = DeadlineClock()

    private struct Entry {
        var deadline: ContinuousClock.Instant
        var fire: @Sendable () -> Void
    }

    // Everything below is only touched with `condition` locked.
    private let condition = NSCondition()
    private var entries: [Int: Entry] = [:]
    private var earliest: ContinuousClock.Instant?
    private var nextID = 0
    private var isRunning = false

    /// Runs `fire` on the clock's thread once `deadline` passes, unless ``cancel(_:)`` comes
    /// first; returns the handle to cancel it by.
    func schedule(at deadline: ContinuousClock.Instant, _ fire: @escaping @Sendable () -> Void) -> Int {
        condition.lock()
        defer { condition.unlock() }
        if !isRunning {
            isRunning = true
            let thread = Thread { [self] in run() }
            thread.name = "StrategyKit.deadlines"
            thread.start()
        }
        nextID += 1
        entries[nextID] = Entry(deadline: deadline, fire: fire)
        if earliest.map({ deadline < $0 }) ?? true {
            earliest = deadline
            condition.signal()
        }
        return nextID
    }

    /// Forgets the deadline `id`; its `fire` won't run (unless it already has).
    func cancel(_ id: Int) {
        condition.lock()
        entries[id] = nil
        condition.unlock()
    }

    private func run() {
        condition.lock()
        while true {
            let now = ContinuousClock.now
            let due = entries.filter { $0.value.deadline <= now }
            for id in due.keys { entries[id] = nil }
            earliest = entries.values.map(\.deadline).min()
            if !due.isEmpty {
                condition.unlock()
                for entry in due.values { entry.fire() }
                condition.lock()
                continue
            }
            if let earliest {
                let wait = now.duration(to: earliest)
                let seconds = Double(wait.components.seconds) + Double(wait.components.attoseconds) / 1e18
                _ = condition.wait(until: Date(timeIntervalSinceNow: seconds))
            } else {
                condition.wait()
            }
        }
    }
}
