import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// Receives every data task's events for a ``URLSessionTransport``: refuses redirects, counts
/// the body against its limit, and resumes each caller once.
final class SessionDelegate: NSObject, URLSessionDataDelegate, Sendable {
    /// One data task in flight.
    private struct Pending {
        /// Where the task's outcome goes to the caller waiting for it.
        var outcome: Handoff<Result<(HTTPResponse, Data), TransportError>>
        var limit: Int
        /// Whether a `Content-Length` announces a body (not for `HEAD`).
        var hasBody: Bool
        var response: HTTPURLResponse?
        var body = Data()
        var failure: TransportError?
    }

    private let pending = Locked<[Int: Pending]>([:])

    /// Runs `request` as a data task on `session`; never creates one from a cancelled task.
    func run(_ request: URLRequest, limit: Int, on session: URLSession) async throws -> (HTTPResponse, Data) {
        let handle = DataTaskHandle()
        let outcome = Handoff<Result<(HTTPResponse, Data), TransportError>>()
        return try await withTaskCancellationHandler {
            guard !Task.isCancelled else { throw TransportError.cancelled }
            let task = session.dataTask(with: request)
            pending.withLock {
                $0[task.taskIdentifier] = Pending(outcome: outcome, limit: limit, hasBody: request.httpMethod != "HEAD")
            }
            guard handle.start(task) else {
                // Cancelled between the check and now: the task is never resumed.
                pending.withLock { _ = $0.removeValue(forKey: task.taskIdentifier) }
                throw TransportError.cancelled
            }
            return try await outcome.value().get()
        } onCancel: {
            handle.cancel()
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
        if tooLarge { dataTask.cancel() }
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
        if tooLarge { dataTask.cancel() }
    }

    func urlSession(
        _ session: URLSession,
        task: URLSessionTask,
        willPerformHTTPRedirection response: HTTPURLResponse,
        newRequest request: URLRequest,
        completionHandler: @escaping @Sendable (URLRequest?) -> Void
    ) {
        // The redirect response itself is the answer; the client decides whether to follow it.
        completionHandler(nil)
    }

    func urlSession(_ session: URLSession, task: URLSessionTask, didCompleteWithError error: (any Error)?) {
        guard let entry = pending.withLock({ $0.removeValue(forKey: task.taskIdentifier) }) else { return }
        entry.outcome.offer(Self.outcome(of: entry, error: error))
    }

    private static func outcome(of entry: Pending, error: (any Error)?) -> Result<(HTTPResponse, Data), TransportError> {
        if let failure = entry.failure { return .failure(failure) }
        if let error { return .failure(TransportError(dataTaskError: error, beforeResponse: entry.response == nil)) }
        guard let response = entry.response else { return .failure(TransportError(.invalidResponse, detail: "no HTTP response")) }
        var fields = HTTPFields()
        for (name, value) in response.allHeaderFields {
            if let name = HTTPField.Name("\(name)") { fields.append(HTTPField(name: name, value: "\(value)")) }
        }
        return .success((HTTPResponse(status: .init(code: response.statusCode), headerFields: fields), entry.body))
    }
}

/// Holds a data task so cancellation reaches it whichever happens first: starting or cancelling.
/// A task cancelled before it starts is never resumed.
private final class DataTaskHandle: Sendable {
    private struct State {
        var task: URLSessionDataTask?
        var isCancelled = false
    }

    private let state = Locked(State())

    /// Resumes `task` unless cancellation came first; returns whether it was resumed.
    func start(_ task: URLSessionDataTask) -> Bool {
        // Resumed under the lock, so a cancel can't slip in before the resume.
        state.withLock { state in
            guard !state.isCancelled else { return false }
            state.task = task
            task.resume()
            return true
        }
    }

    func cancel() {
        state.withLock { state in
            state.isCancelled = true
            return state.task
        }?.cancel()
    }
}
