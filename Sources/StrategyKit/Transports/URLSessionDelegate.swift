import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// Receives every data task's events for a ``URLSessionTransport``: refuses redirects, counts
/// the body against its limit, and resumes each caller once.
final class SessionDelegate: NSObject, URLSessionDataDelegate, Sendable {
    /// One data task in flight.
    private struct Pending {
        var call: DataTaskCall
        var limit: Int
        /// Whether a `Content-Length` announces a body (not for `HEAD`).
        var hasBody: Bool
        var response: HTTPURLResponse?
        var body = Data()
        var failure: TransportError?
    }

    private let pending = Locked<[Int: Pending]>([:])

    /// Runs `request` as a data task on `session` and ends it after `timeout` seconds;
    /// never creates one from a cancelled task.
    ///
    /// The caller's task only waits: the deadline is a timer on a queue of its own and the
    /// outcome comes from the session's queue, so neither needs a free thread of Swift's
    /// cooperative pool to end the call on time.
    func run(_ request: URLRequest, limit: Int, timeout: TimeInterval, on session: URLSession) async throws -> (HTTPResponse, Data) {
        let call = DataTaskCall()
        return try await withTaskCancellationHandler {
            guard !Task.isCancelled else { throw TransportError.cancelled }
            let task = session.dataTask(with: request)
            pending.withLock {
                $0[task.taskIdentifier] = Pending(call: call, limit: limit, hasBody: request.httpMethod != "HEAD")
            }
            guard call.start(task, timeout: timeout) else {
                // Cancelled between the check and now: the task is never resumed.
                pending.withLock { _ = $0.removeValue(forKey: task.taskIdentifier) }
                throw TransportError.cancelled
            }
            return try await call.outcome().get()
        } onCancel: {
            call.end(with: .cancelled)
        }
    }

    func urlSession(
        _ session: URLSession,
        dataTask: URLSessionDataTask,
        didReceive response: URLResponse,
        completionHandler: @escaping @Sendable (URLSession.ResponseDisposition) -> Void
    ) {
        let tooLarge = pending.withLock { tasks -> Bool in
            guard var entry = tasks[dataTask.taskIdentifier] else { return false }
            entry.call.responseCame()
            entry.response = response as? HTTPURLResponse
            if entry.hasBody, response.expectedContentLength > Int64(entry.limit) {
                entry.failure = TransportError(.responseTooLarge, detail: "Content-Length over \(entry.limit) bytes")
            }
            tasks[dataTask.taskIdentifier] = entry
            return entry.failure != nil
        }
        completionHandler(tooLarge ? .cancel : .allow)
        // FoundationNetworking on Linux may read on after `.cancel` until the body ends, which
        // an endless body never does; cancelling the task ends it at once.
        if tooLarge { Self.cancel(dataTask) }
    }

    func urlSession(_ session: URLSession, dataTask: URLSessionDataTask, didReceive data: Data) {
        let id = dataTask.taskIdentifier
        let tooLarge = pending.withLock { tasks -> Bool in
            // The body is appended to where it is kept: a copy of the entry taken out would
            // share the body, and each append would copy all of it.
            guard let received = tasks[id]?.body.count, let limit = tasks[id]?.limit, tasks[id]?.failure == nil else {
                return false
            }
            guard received + data.count <= limit else {
                tasks[id]?.failure = TransportError(.responseTooLarge, detail: "more than \(limit) bytes")
                tasks[id]?.body = Data()
                return true
            }
            tasks[id]?.body.append(data)
            return false
        }
        if tooLarge { Self.cancel(dataTask) }
    }

    func urlSession(
        _ session: URLSession,
        task: URLSessionTask,
        willPerformHTTPRedirection response: HTTPURLResponse,
        newRequest request: URLRequest,
        completionHandler: @escaping @Sendable (URLRequest?) -> Void
    ) {
        // The redirect response itself is the answer; the client decides whether to follow it.
        // A call that ended meanwhile has cancelled its task, and an answer now would abort
        // the process in FoundationNetworking; the task ends as cancelled without one.
        let call = pending.withLock { $0[task.taskIdentifier]?.call }
        guard call?.redirectCame() ?? true else { return }
        completionHandler(nil)
    }

    func urlSession(
        _ session: URLSession,
        task: URLSessionTask,
        didReceive challenge: URLAuthenticationChallenge,
        completionHandler: @escaping @Sendable (URLSession.AuthChallengeDisposition, URLCredential?) -> Void
    ) {
        // A server's challenge (a 401 whose `WWW-Authenticate` asks for credentials) is its
        // answer, for the client's authenticator to act on; the session answers none with a
        // credential of its own.
        #if canImport(FoundationNetworking)
        // FoundationNetworking asks once the whole response has come, and without a credential
        // to offer it would never end the task: the call ends with the response now, and the
        // task is cancelled after it.
        complete(task, error: nil)
        Self.cancelling.async { completionHandler(.cancelAuthenticationChallenge, nil) }
        #else
        // The session has no credential store, so the response comes as it is.
        completionHandler(.performDefaultHandling, nil)
        #endif
    }

    func urlSession(_ session: URLSession, task: URLSessionTask, didCompleteWithError error: (any Error)?) {
        complete(task, error: error)
    }

    /// Ends `task`'s call with what came and `error`, unless it was ended before.
    private func complete(_ task: URLSessionTask, error: (any Error)?) {
        guard var entry = pending.withLock({ $0.removeValue(forKey: task.taskIdentifier) }) else { return }
        // FoundationNetworking hands a delegate no response for a redirect status without a
        // `Location` (there is nowhere to go): the task's own response is the answer.
        if entry.response == nil, error == nil { entry.response = task.response as? HTTPURLResponse }
        entry.call.finish(with: Self.outcome(of: entry, error: error))
    }

    /// Cancels `task` from outside the session's queue, where the events may come and where
    /// FoundationNetworking's `cancel()` waits its turn.
    static func cancel(_ task: URLSessionTask) {
        cancelling.async { task.cancel() }
    }

    /// The queue tasks are cancelled and challenges answered on: neither the session's own nor
    /// one of the threads Swift's concurrency runs on, which a busy pool would hold up.
    private static let cancelling = DispatchQueue(label: "StrategyKit.URLSessionTransport.cancel")

    private static func outcome(of entry: Pending, error: (any Error)?) -> Result<(HTTPResponse, Data), TransportError> {
        if let failure = entry.failure { return .failure(failure) }
        if let error { return .failure(TransportError(dataTaskError: error, beforeResponse: entry.response == nil)) }
        guard let response = entry.response else { return .failure(TransportError(.invalidResponse, detail: "no HTTP response")) }
        let headers = response.allHeaderFields
        var fields = HTTPFields()
        fields.reserveCapacity(headers.count)
        for (name, value) in headers {
            // Both are strings; the casts keep them as they are, where interpolation copies them.
            let name = name.base as? String ?? "\(name)"
            if let name = HTTPField.Name(name) { fields.append(HTTPField(name: name, value: value as? String ?? "\(value)")) }
        }
        return .success((HTTPResponse(status: .init(code: response.statusCode), headerFields: fields), entry.body))
    }
}

/// One call's data task, its deadline and its outcome: whichever comes first of the task's end,
/// the deadline and the caller's cancellation decides the outcome, and the others only clean up.
///
/// The data task is cancelled when the call ends early, except once its redirect is answered:
/// FoundationNetworking aborts the process when a task is cancelled between that answer and
/// the redirect's response, which follows at once; the task is cancelled then.
///
/// One object with one lock holds the task, the deadline and the outcome with its waiter, as
/// a call makes one of these per request.
private final class DataTaskCall: @unchecked Sendable {
    typealias Outcome = Result<(HTTPResponse, Data), TransportError>

    private struct State {
        var task: URLSessionDataTask?
        var deadline: UInt64?
        var isEnded = false
        var isRedirecting = false
        /// The outcome, once decided; the first one offered stays.
        var outcome: Outcome?
        /// The caller, while it waits for the outcome.
        var waiter: UnsafeContinuation<Outcome, Never>?
    }

    // `state` is only touched with `lock` held.
    private let lock = NSLock()
    private var state = State()

    private func withLock<T>(_ body: (inout State) -> T) -> T {
        lock.lock()
        defer { lock.unlock() }
        return body(&state)
    }

    /// The outcome, when it is decided.
    func outcome() async -> Outcome {
        await withUnsafeContinuation { (continuation: UnsafeContinuation<Outcome, Never>) in
            lock.lock()
            let outcome = state.outcome
            if outcome == nil { state.waiter = continuation }
            lock.unlock()
            if let outcome { continuation.resume(returning: outcome) }
        }
    }

    /// Decides the outcome unless it was decided before, and resumes the caller waiting for it.
    private func offer(_ outcome: Outcome) {
        let waiter = withLock { state -> UnsafeContinuation<Outcome, Never>? in
            guard state.outcome == nil else { return nil }
            state.outcome = outcome
            defer { state.waiter = nil }
            return state.waiter
        }
        waiter?.resume(returning: outcome)
    }

    /// Resumes `task` and starts its deadline, unless the call ended first; returns whether it
    /// was resumed.
    func start(_ task: URLSessionDataTask, timeout: TimeInterval) -> Bool {
        // Resumed under the lock, so an end can't slip in before the resume.
        withLock { state in
            guard !state.isEnded else { return false }
            state.task = task
            state.deadline = Deadlines.shared.add(after: timeout) { [weak self] in
                self?.end(with: TransportError(.timedOut, detail: "deadline of \(timeout) s passed"))
            }
            task.resume()
            return true
        }
    }

    /// Ends the call with `error` unless it ended before, and stops its data task.
    func end(with error: TransportError) {
        let (task, deadline) = withLock { state -> (URLSessionDataTask?, UInt64?) in
            guard !state.isEnded else { return (nil, nil) }
            state.isEnded = true
            defer { state.deadline = nil }
            return (state.isRedirecting ? nil : state.task, state.deadline)
        }
        deadline.map(Deadlines.shared.remove)
        offer(.failure(error))
        // On FoundationNetworking, cancelling waits for the session's queue; a deadline's
        // action must not wait, or every other deadline of the process waits with it.
        if let task { Self.cancelling.async { task.cancel() } }
    }

    private static let cancelling = DispatchQueue(label: "StrategyKit.URLSessionTransport.cancel")

    /// Ends the call with the data task's outcome, unless it ended before.
    func finish(with result: Outcome) {
        let deadline = withLock { state -> UInt64? in
            state.isEnded = true
            defer { state.deadline = nil }
            return state.deadline
        }
        deadline.map(Deadlines.shared.remove)
        offer(result)
    }

    /// The task waits for the answer to a redirect: from now on it mustn't be cancelled until its
    /// response comes. Returns `false` when the call ended (and cancelled the task) before,
    /// and the redirect mustn't be answered.
    func redirectCame() -> Bool {
        withLock { state in
            guard !state.isEnded else { return false }
            state.isRedirecting = true
            return true
        }
    }

    /// The task's response came; a call that ended meanwhile stops its task now.
    func responseCame() {
        let task = withLock { state -> URLSessionDataTask? in
            state.isRedirecting = false
            return state.isEnded ? state.task : nil
        }
        task.map(SessionDelegate.cancel)
    }
}
