import Foundation

/// A transport that answers from canned responses instead of a network: for tests and previews.
///
/// Routes match by method and path (the query is ignored); a path may hold `{name}`
/// placeholders, each matching one segment. The first matching route answers, after its
/// delay if it has one. A request no route matches fails with ``Unmatched``.
///
/// ```swift
/// let stub = StubTransport([
///     .init(.get, "/users/{id}", response: .json(#"{"id": 1, "name": "Ada"}"#)),
///     .init(.delete, "/users/{id}", failure: URLError(.notConnectedToInternet)),
/// ])
/// ```
public final class StubTransport: Transport, Sendable {
    /// One canned answer.
    public struct Route: Sendable {
        public var method: HTTPMethod
        public var path: String
        public var answer: Result<HTTPResponse, any Error>
        public var delay: Duration?

        public init(_ method: HTTPMethod, _ path: String, response: HTTPResponse, delay: Duration? = nil) {
            self.method = method
            self.path = path
            self.answer = .success(response)
            self.delay = delay
        }

        public init(_ method: HTTPMethod, _ path: String, failure: any Error, delay: Duration? = nil) {
            self.method = method
            self.path = path
            self.answer = .failure(failure)
            self.delay = delay
        }

        func matches(_ request: HTTPRequest) -> Bool {
            guard method == request.method else { return false }
            let pattern = path.split(separator: "/", omittingEmptySubsequences: false)
            let actual = request.url.path.split(separator: "/", omittingEmptySubsequences: false)
            guard pattern.count == actual.count else { return false }
            return zip(pattern, actual).allSatisfy { expected, segment in
                (expected.hasPrefix("{") && expected.hasSuffix("}") && !segment.isEmpty) || expected == segment
            }
        }
    }

    /// No route matched the request.
    public struct Unmatched: Error, CustomStringConvertible {
        public var method: HTTPMethod
        public var url: URL

        public var description: String { "no stub route matches \(method) \(url.absoluteString)" }
    }

    private let routes: [Route]
    private let received = Locked<[HTTPRequest]>([])

    public init(_ routes: [Route]) {
        self.routes = routes
    }

    /// Every request sent so far, in order.
    public var requests: [HTTPRequest] {
        received.withLock { $0 }
    }

    public func send(_ request: HTTPRequest) async throws -> HTTPResponse {
        received.withLock { $0.append(request) }
        guard let route = routes.first(where: { $0.matches(request) }) else {
            throw Unmatched(method: request.method, url: request.url)
        }
        if let delay = route.delay {
            try await Task.sleep(for: delay)
        }
        return try route.answer.get()
    }
}
