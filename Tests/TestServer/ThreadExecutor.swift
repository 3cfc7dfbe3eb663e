import Foundation

/// Runs an async handler on the thread that calls ``run(_:)``, not on Swift's cooperative pool.
///
/// A server's connection thread answers each request by running its handler here: the handler's
/// jobs are queued to this executor and run on the waiting thread, so a server answers however
/// busy the pool is with other tests. (A handler that sleeps wakes on the pool, as `Task.sleep`
/// resumes there, and finishes there; the thread then only waits for it.)
final class ThreadExecutor: @unchecked Sendable {
    // `jobs` and `isFinished` are only touched under `condition`.
    private let condition = NSCondition()
    private var jobs: [UnownedJob] = []
    private var isFinished = false

    /// Runs `operation` to its end, its jobs on this thread, and returns its result.
    static func run<T: Sendable>(_ operation: @escaping @Sendable () async -> T) -> T {
        let executor = ThreadExecutor()
        let result = Protected<T?>(nil)
        executor.start {
            let value = await operation()
            result.withLock { $0 = value }
            executor.finish()
        }
        executor.drain()
        guard let value = result.withLock({ $0 }) else { preconditionFailure("the operation ended without a result") }
        return value
    }

    private func start(_ operation: @escaping @Sendable () async -> Void) {
        #if canImport(Darwin)
        guard #available(macOS 15, iOS 18, tvOS 18, watchOS 11, *) else {
            Task.detached(operation: operation)
            return
        }
        #endif
        Task.detached(executorPreference: self, operation: operation)
    }

    /// Runs the jobs queued here until the operation finishes.
    private func drain() {
        while true {
            condition.lock()
            while jobs.isEmpty && !isFinished { condition.wait() }
            if jobs.isEmpty {
                condition.unlock()
                return
            }
            let batch = jobs
            jobs.removeAll()
            condition.unlock()
            for job in batch { run(job) }
        }
    }

    private func run(_ job: UnownedJob) {
        // Jobs come here only where task executors exist (see `start`).
        guard #available(macOS 15, iOS 18, tvOS 18, watchOS 11, *) else { return }
        job.runSynchronously(on: asUnownedTaskExecutor())
    }

    private func finish() {
        condition.lock()
        isFinished = true
        condition.signal()
        condition.unlock()
    }

    private func append(_ job: UnownedJob) {
        condition.lock()
        jobs.append(job)
        condition.signal()
        condition.unlock()
    }
}

@available(macOS 15, iOS 18, tvOS 18, watchOS 11, *)
extension ThreadExecutor: TaskExecutor {
    func enqueue(_ job: consuming ExecutorJob) {
        append(UnownedJob(job))
    }
}
