import Foundation

/// A transport that answers from canned responses instead of a network: for tests and previews.
///
/// Routes match by method and path (the query is ignored); a path may hold `{name}`
/// placeholders, each matching one segment. The first matching route answers, after its
/// delay if it has one. A request no route matches fails with ``Unmatched``, which is never
/// retried. A route's failure is thrown as given; use a ``TransportError`` to act as a network.
///
/// ```swift
/// let stub = StubTransport([
///     .init(.get, "/users/{id}", json: #"{"id": 1, "name": "Ada"}"#),
///     .init(.delete, "/users/{id}", failure: TransportError(.cannotConnect)),
/// ])
/// ```
///
/// It keeps the last ``historyLimit`` requests (100 by default) in ``requests``, so a
/// long-running preview or load test doesn't grow without bound.
public final class StubTransport: Transport, KeepsDeadline, Sendable {
    /// One canned answer.
    public struct Route: Sendable {
        /// The method it matches.
        public var method: HTTPRequest.Method
        /// The path it matches; `{name}` matches any one segment.
        public var path: String
        /// The response and body it answers with, or the error it throws.
        public var answer: Result<(HTTPResponse, Data), any Error>
        /// How long it waits before answering.
        public var delay: Duration?
        /// The body played back piece by piece, each after its delay, when the route is
        /// streamed (``StubTransport/Route/init(_:_:response:chunks:delay:)``); `nil` otherwise.
        public var chunks: [Chunk]?
        /// A media type the request's `Accept` header must name for the route to match, so a
        /// stream's route and a JSON route may share a method and path; `nil` matches any.
        public var accepting: String?

        /// A route that answers `method` requests to `path` with `response` and `body`.
        public init(_ method: HTTPRequest.Method, _ path: String, response: HTTPResponse, body: Data = Data(), delay: Duration? = nil) {
            self.method = method
            self.path = path
            self.answer = .success((response, body))
            self.delay = delay
        }

        /// A route that answers `method` requests to `path` with the JSON text `json`, sent
        /// with `Content-Type: application/json`, `status` and `headers` (those whose names are
        /// header names), such as the headers the API says every response has.
        public init(_ method: HTTPRequest.Method, _ path: String, json: String, status: HTTPResponse.Status = .ok, headers: KeyValuePairs<String, String> = [:], delay: Duration? = nil) {
            var response = HTTPResponse.json(status: status)
            for (name, value) in headers {
                if let name = HTTPField.Name(name) { response.headerFields.append(HTTPField(name: name, value: value)) }
            }
            self.init(method, path, response: response, body: Data(json.utf8), delay: delay)
        }

        /// A route that fails `method` requests to `path` with `failure`, as a network would.
        public init(_ method: HTTPRequest.Method, _ path: String, failure: any Error, delay: Duration? = nil) {
            self.method = method
            self.path = path
            self.answer = .failure(failure)
            self.delay = delay
        }

        func matches(_ request: HTTPRequest) -> Bool {
            guard method == request.method else { return false }
            if let accepting, !(request.headerFields[.accept] ?? "").contains(accepting) { return false }
            // The request's own path, without parsing its URL again: the query goes, and a
            // segment compares decoded, as `URL.path` gives it. Segment by segment, without
            // splitting either path into an array.
            var pattern = Substring(path)
            var actual = (request.path ?? "").prefix { $0 != "?" && $0 != "#" }
            while true {
                let expected = pattern.prefix { $0 != "/" }
                let raw = actual.prefix { $0 != "/" }
                let segment = raw.utf8.contains(UInt8(ascii: "%")) ? Substring(raw.removingPercentEncoding ?? String(raw)) : raw
                guard (expected.hasPrefix("{") && expected.hasSuffix("}") && !segment.isEmpty) || expected == segment else {
                    return false
                }
                let patternEnded = expected.endIndex == pattern.endIndex
                let actualEnded = raw.endIndex == actual.endIndex
                if patternEnded || actualEnded { return patternEnded && actualEnded }
                pattern = pattern[pattern.index(after: expected.endIndex)...]
                actual = actual[actual.index(after: raw.endIndex)...]
            }
        }
    }

    /// No route matched the request.
    public struct Unmatched: Error, CustomStringConvertible {
        /// The request's method.
        public var method: HTTPRequest.Method
        /// The request's URL.
        public var url: URL

        /// Which request matched no route.
        public var description: String { "no stub route matches \(method) \(url.absoluteString)" }
    }

    let routes: [Route]
    private let received = Locked<[(HTTPRequest, Data?)]>([])
    /// How many of the latest requests ``requests`` keeps; 0 keeps none.
    public let historyLimit: Int

    /// A transport that answers from `routes`, the first match winning, and keeps the last
    /// `historyLimit` requests.
    public init(_ routes: [Route], historyLimit: Int = 100) {
        self.routes = routes
        self.historyLimit = max(historyLimit, 0)
    }

    /// The latest requests sent (at most ``historyLimit``), oldest first, each with its body.
    public var requests: [(request: HTTPRequest, body: Data?)] {
        received.withLock { $0.map { (request: $0.0, body: $0.1) } }
    }

    /// Records `request` and returns the first route that matches it.
    func route(for request: HTTPRequest, body: Data?) throws -> Route {
        if historyLimit > 0 {
            received.withLock { list in
                if list.count >= historyLimit { list.removeFirst(list.count - historyLimit + 1) }
                list.append((request, body))
            }
        }
        guard let route = routes.first(where: { $0.matches(request) }) else {
            throw Unmatched(method: request.method, url: request.absoluteURL)
        }
        return route
    }

    /// Records the request and answers from the first route that matches it, within `limits`.
    public func send(_ request: HTTPRequest, body: Data?, limits: StrategyClient.Limits) async throws -> (HTTPResponse, Data) {
        try TransportError.checkCancellation()
        let route = try route(for: request, body: body)
        if let delay = route.delay {
            try await withDeadline(seconds: limits.timeout) {
                try await Task.sleep(for: delay)
            }
        }
        let (response, responseBody) = try route.answer.get()
        guard responseBody.count <= limits.maximumResponseBytes else {
            throw TransportError(.responseTooLarge, detail: "more than \(limits.maximumResponseBytes) bytes")
        }
        return (response, responseBody)
    }
}
