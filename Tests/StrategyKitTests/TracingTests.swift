import Foundation
import InMemoryTracing
import StrategyKit
import StrategyKitObservability
import TestServer
import Testing
import Tracing

/// Spans as a tracing backend receives them, through swift-distributed-tracing's in-memory tracer.
@Suite struct TracingTests {
    struct Search: Strategy {
        typealias Output = Void
        var path: Endpoint.Path = "/search"
        var method: HTTPRequest.Method = .get

        func endpoint(for input: Void) -> Endpoint {
            Endpoint(method, path, query: ["q": "vase", "access_token": "t0ken-in-query"])
        }
    }

    let tracer = InMemoryTracer()

    func string(_ attribute: SpanAttribute?) -> String? {
        if case .string(let value) = attribute { value } else { nil }
    }

    func int(_ attribute: SpanAttribute?) -> Int64? {
        switch attribute {
        case .int64(let value): value
        case .int32(let value): Int64(value)
        default: nil
        }
    }

    @Test func eachRequestIsAClientSpanWithTheHTTPAttributes() async throws {
        let server = try HTTPTestServer { _ in .text("found") }
        let client = StrategyClient(server: server.server(), middlewares: [.tracing(tracer: tracer)])

        try await client.send(Search())

        let span = try #require(tracer.finishedSpans.first)
        #expect(tracer.finishedSpans.count == 1)
        #expect(span.operationName == "GET")
        #expect(span.kind == .client)
        #expect(string(span.attributes.get("http.request.method")) == "GET")
        #expect(string(span.attributes.get("server.address")) == "127.0.0.1")
        #expect(int(span.attributes.get("server.port")) == Int64(server.port))
        #expect(int(span.attributes.get("http.response.status_code")) == 200)
        #expect(string(span.attributes.get("strategykit.strategy")) == "Search")
        #expect(span.attributes.get("error.type") == nil)
        #expect(span.status?.code != .error)
        let url = try #require(string(span.attributes.get("url.full")))
        #expect(url == "http://127.0.0.1:\(server.port)/search?q=vase&access_token=REDACTED")
    }

    @Test func theTraceContextGoesOutInTheRequestsHeaders() async throws {
        let server = try HTTPTestServer { _ in .text("found") }
        let client = StrategyClient(server: server.server(), middlewares: [.tracing(tracer: tracer)])

        try await client.send(Search())

        let span = try #require(tracer.finishedSpans.first)
        let request = try #require(server.requests.first)
        #expect(request.header(InMemoryTracer.traceIDKey) == span.spanContext.traceID)
        #expect(request.header(InMemoryTracer.spanIDKey) == span.spanContext.spanID)
    }

    @Test func theSpanIsAChildOfTheCallersAndTheRestOfTheChainRunsWithinIt() async throws {
        let server = try HTTPTestServer { _ in .text("found") }
        let seen = Seen()
        let client = StrategyClient(server: server.server(), middlewares: [.tracing(tracer: tracer), seen.middleware])

        try await tracer.withSpan("screen") { _ in try await client.send(Search()) }

        let parent = try #require(tracer.finishedSpans.first { $0.operationName == "screen" })
        let span = try #require(tracer.finishedSpans.first { $0.operationName == "GET" })
        #expect(span.spanContext.parentSpanID == parent.spanContext.spanID)
        #expect(span.spanContext.traceID == parent.spanContext.traceID)
        #expect(seen.spanIDs == [span.spanContext.spanID])
    }

    /// Notes the span each request is sent within.
    final class Seen: Sendable {
        private let lock = NSLock()
        nonisolated(unsafe) private var list: [String?] = []
        var spanIDs: [String?] { lock.withLock { list } }

        var middleware: Middleware {
            Middleware(name: "seen") { request, body, _, next in
                let id = InstrumentationContext.current?.inMemorySpanContext?.spanID
                self.lock.withLock { self.list.append(id) }
                return try await next(request, body)
            }
        }
    }

    @Test func noCredentialAppearsInTheURL() async throws {
        let server = try HTTPTestServer { _ in .text("found") }
        let client = StrategyClient(server: server.server(), middlewares: [
            .authentication(.apiKey(name: "sesame", value: "open-sesame-42", in: .query)),
            .tracing(tracer: tracer),
        ])

        try await client.send(Search())

        #expect(server.requests.first?.query("sesame") == "open-sesame-42")  // it was sent
        let url = try #require(string(tracer.finishedSpans.first?.attributes.get("url.full")))
        #expect(!url.contains("open-sesame-42") && !url.contains("t0ken-in-query"))
        #expect(url.contains("sesame=REDACTED") && url.contains("q=vase"))


        // A user name and password in the URL (an HTTP request carries neither), a signature and a fragment.
        let userInfo = Self.rewriteURL(to: URL(string: "https://ada:hunter2@api.example.com/a?sig=abc&page=2#top")!)
        let stubbed = StrategyClient(
            server: Server(host: "api.example.com"),
            transport: StubTransport([.init(.get, "/a", response: HTTPResponse(status: 200))]),
            middlewares: [userInfo, Middleware.tracing(tracer: tracer)]
        )
        try await stubbed.send(Search(path: "/a"))
        #expect(string(tracer.finishedSpans.last?.attributes.get("url.full")) == "https://api.example.com/a?sig=REDACTED&page=2")
    }

    /// Sends every request to `url`.
    static func rewriteURL(to url: URL) -> Middleware {
        Middleware(name: "rewrite") { request, body, _, next in
            var request = request
            request.url = url
            return try await next(request, body)
        }
    }

    @Test func eachAttemptHasItsOwnSpanAndAFailureIsAnError() async throws {
        let attempts = Counter()
        let server = try HTTPTestServer { _ in attempts.increment() <= 1 ? .text("busy", status: 503) : .text("gone", status: 404) }
        let client = StrategyClient(server: server.server(), middlewares: [
            .retry(RetryPolicy(baseDelay: .milliseconds(1))),
            .tracing(tracer: tracer),
        ])

        await #expect(throws: UnexpectedResponse.self) { try await client.send(Search()) }

        let spans = tracer.finishedSpans
        #expect(spans.count == 2)
        #expect(spans.map { int($0.attributes.get("http.response.status_code")) } == [503, 404])
        #expect(spans.map { string($0.attributes.get("error.type")) } == ["503", "404"])
        #expect(spans.allSatisfy { $0.status?.code == .error })
        let spanIDs = server.requests.map { $0.header(InMemoryTracer.spanIDKey) }
        #expect(spanIDs == spans.map(\.spanContext.spanID))
    }

    @Test func aRequestWithoutAResponseCarriesTheErrorsKind() async throws {
        let client = StrategyClient(
            server: Server(scheme: "http", host: "127.0.0.1", port: try closedPort()),
            middlewares: [.tracing(tracer: tracer)]
        )

        await #expect(throws: TransportError.self) { try await client.send(Search(method: HTTPRequest.Method("PURGE")!)) }

        let span = try #require(tracer.finishedSpans.first)
        #expect(string(span.attributes.get("error.type")) == "cannotConnect")
        #expect(span.attributes.get("http.response.status_code") == nil)
        #expect(span.status?.code == .error)
        #expect(string(span.attributes.get("http.request.method")) == "_OTHER")
        #expect(string(span.attributes.get("http.request.method_original")) == "PURGE")
    }
}
