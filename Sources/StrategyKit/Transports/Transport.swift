import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// Sends a request and returns the response; the one seam between StrategyKit and a network stack.
///
/// A transport returns every response it receives, whatever its status: deciding what is
/// a failure belongs to the strategy.
public protocol Transport: Sendable {
    /// Sends `request` and returns the response, whatever its status code.
    ///
    /// - Throws: an error when no response came: a failed connection, a timeout, cancellation.
    func send(_ request: HTTPRequest) async throws -> HTTPResponse
}

/// A transport backed by Foundation's `URLSession`.
///
/// Cancelling the calling task cancels the data task, even when the cancellation comes
/// before the data task has started.
public struct URLSessionTransport: Transport {
    /// The session that runs the data tasks.
    public let session: URLSession

    /// A transport on `session`; the shared session by default.
    public init(session: URLSession = .shared) {
        self.session = session
    }

    /// Sends `request` as a data task and returns the response.
    public func send(_ request: HTTPRequest) async throws -> HTTPResponse {
        var urlRequest = URLRequest(url: request.url)
        urlRequest.httpMethod = request.method.rawValue
        for field in request.headers {
            urlRequest.addValue(field.value, forHTTPHeaderField: field.name)
        }
        urlRequest.httpBody = request.body
        if let timeout = request.timeout {
            urlRequest.timeoutInterval = timeout
        }
        let (data, response) = try await data(for: urlRequest)
        guard let http = response as? HTTPURLResponse else {
            throw URLError(.badServerResponse)
        }
        var headers = HTTPHeaders()
        for (name, value) in http.allHeaderFields {
            headers.add(name: "\(name)", value: "\(value)")
        }
        return HTTPResponse(statusCode: http.statusCode, headers: headers, body: data)
    }

    private func data(for request: URLRequest) async throws -> (Data, URLResponse) {
        let handle = DataTaskHandle()
        return try await withTaskCancellationHandler {
            try await withCheckedThrowingContinuation { continuation in
                let task = session.dataTask(with: request) { data, response, error in
                    if let data, let response {
                        continuation.resume(returning: (data, response))
                    } else {
                        continuation.resume(throwing: error ?? URLError(.badServerResponse))
                    }
                }
                handle.start(task)
            }
        } onCancel: {
            handle.cancel()
        }
    }
}

/// Holds a data task so cancellation reaches it whichever happens first: starting or cancelling.
private final class DataTaskHandle: Sendable {
    private struct State {
        var task: URLSessionDataTask?
        var isCancelled = false
    }

    private let state = Locked(State())

    func start(_ task: URLSessionDataTask) {
        let cancelled = state.withLock { state in
            state.task = task
            return state.isCancelled
        }
        task.resume()
        if cancelled { task.cancel() }
    }

    func cancel() {
        state.withLock { state in
            state.isCancelled = true
            return state.task
        }?.cancel()
    }
}
