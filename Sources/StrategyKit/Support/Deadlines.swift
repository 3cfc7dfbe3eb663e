import Dispatch
import Foundation

/// The deadlines of calls in flight, kept by one timer on a queue of its own.
///
/// A call adds its deadline and removes it when it ends first; when a deadline passes, its
/// action runs on the timer's queue. One dispatch timer serves every call, re-armed only when a
/// deadline earlier than all the others comes, which is rare (calls mostly share a timeout), so
/// a call costs a lock and a heap entry, not a timer of its own. The queue is not one of the
/// threads Swift's concurrency runs tasks on, so a deadline fires on time however busy those are.
final class Deadlines: @unchecked Sendable {
    // `state` is only touched under `lock`; `timer` is safe to use from any thread.
    static let shared = Deadlines()

    private struct State {
        var nextID: UInt64 = 0
        /// The actions of the deadlines still waiting, and when each is due.
        var waiting: [UInt64: (due: UInt64, action: @Sendable () -> Void)] = [:]
        /// Every deadline added, earliest first (a binary min-heap of due times and ids); a
        /// removed one stays until it comes up or the heap is rebuilt.
        var heap: [(due: UInt64, id: UInt64)] = []
        /// When the timer fires next, if it is armed.
        var armed: UInt64?
    }

    private let lock = NSLock()
    private var state = State()
    private let timer: DispatchSourceTimer

    private init() {
        timer = DispatchSource.makeTimerSource(queue: DispatchQueue(label: "StrategyKit.deadlines"))
        timer.setEventHandler { [unowned self] in fire() }
        timer.schedule(deadline: .distantFuture)
        timer.activate()
    }

    /// Runs `action` after `seconds` unless ``remove(_:)`` comes first; returns the deadline's id.
    func add(after seconds: TimeInterval, _ action: @escaping @Sendable () -> Void) -> UInt64 {
        let due = DispatchTime.now().uptimeNanoseconds &+ UInt64((max(seconds, 0) * 1e9).rounded(.up))
        lock.lock()
        defer { lock.unlock() }
        let id = state.nextID
        state.nextID += 1
        state.waiting[id] = (due, action)
        push(due, id)
        if state.heap.count > 2 * state.waiting.count + 1024 { rebuild() }
        if state.armed.map({ due < $0 }) ?? true {
            state.armed = due
            timer.schedule(deadline: DispatchTime(uptimeNanoseconds: due), leeway: .milliseconds(1))
        }
        return id
    }

    /// Forgets the deadline `id`; its action won't run (unless it is running already).
    func remove(_ id: UInt64) {
        lock.lock()
        state.waiting[id] = nil
        lock.unlock()
    }

    /// Runs the actions of the deadlines that passed and arms the timer for the next one.
    private func fire() {
        var due: [@Sendable () -> Void] = []
        lock.lock()
        let now = DispatchTime.now().uptimeNanoseconds
        while let first = state.heap.first, first.due <= now {
            popFirst()
            if let entry = state.waiting.removeValue(forKey: first.id) { due.append(entry.action) }
        }
        state.armed = state.heap.first?.due
        timer.schedule(deadline: state.armed.map { DispatchTime(uptimeNanoseconds: $0) } ?? .distantFuture, leeway: .milliseconds(1))
        lock.unlock()
        for action in due { action() }
    }

    // MARK: The heap, under `lock`

    private func push(_ due: UInt64, _ id: UInt64) {
        state.heap.append((due, id))
        var child = state.heap.count - 1
        while child > 0 {
            let parent = (child - 1) / 2
            guard state.heap[child].due < state.heap[parent].due else { break }
            state.heap.swapAt(child, parent)
            child = parent
        }
    }

    private func popFirst() {
        let last = state.heap.removeLast()
        guard !state.heap.isEmpty else { return }
        state.heap[0] = last
        siftDown(0)
    }

    private func siftDown(_ start: Int) {
        var parent = start
        while true {
            let left = 2 * parent + 1, right = left + 1
            var smallest = parent
            if left < state.heap.count, state.heap[left].due < state.heap[smallest].due { smallest = left }
            if right < state.heap.count, state.heap[right].due < state.heap[smallest].due { smallest = right }
            guard smallest != parent else { return }
            state.heap.swapAt(parent, smallest)
            parent = smallest
        }
    }

    /// Drops the entries of removed deadlines, which would otherwise wait until they come up.
    private func rebuild() {
        state.heap = state.waiting.map { (due: $0.value.due, id: $0.key) }
        for index in stride(from: state.heap.count / 2 - 1, through: 0, by: -1) { siftDown(index) }
    }
}
