import Foundation
import MetricsTestKit
import StrategyKit
import StrategyKitObservability
import TestServer
import Testing

/// Metrics as a metrics backend receives them, through swift-metrics' test factory.
@Suite struct MetricsTests {
    struct Upload: Strategy {
        typealias Output = Void

        func endpoint(for input: Data) -> Endpoint {
            Endpoint(.put, "/files/\("a b")", query: ["v": 1], body: .data(input))
        }
    }

    struct Fetch: Strategy {
        typealias Output = Void
        var path: Endpoint.Path = "/flaky"

        func endpoint(for input: Void) -> Endpoint { Endpoint(.get, path) }
    }

    let metrics = TestMetrics()

    @Test func countsAndTimesEachRequestByStrategyMethodAndStatus() async throws {
        let server = try HTTPTestServer { _ in .text("stored", status: 201) }
        let client = StrategyClient(server: server.server(), middlewares: [.metrics(factory: metrics)])

        try await client.send(Upload(), Data(count: 1000))
        try await client.send(Upload(), Data(count: 10))

        let dimensions = [("strategy", "Upload"), ("method", "PUT"), ("status", "201"), ("error", "")]
        let counter = try metrics.expectCounter("http_client_requests_total", dimensions)
        #expect(counter.totalValue == 2)
        let timer = try metrics.expectTimer("http_client_request_duration_seconds", dimensions)
        #expect(timer.values.count == 2)
        #expect(timer.values.allSatisfy { $0 > 0 })
        #expect(timer.displayUnit == .seconds)
        #expect(metrics.counters.count == 1 && metrics.timers.count == 1)
    }

    @Test func aRequestWithoutAResponseIsCountedWithTheErrorsKind() async throws {
        let client = StrategyClient(
            server: Server(scheme: "http", host: "127.0.0.1", port: try closedPort()),
            middlewares: [.metrics(factory: metrics)]
        )

        await #expect(throws: TransportError.self) { try await client.send(Upload(), Data()) }

        let dimensions = [("strategy", "Upload"), ("method", "PUT"), ("status", "error"), ("error", "cannotConnect")]
        #expect(try metrics.expectCounter("http_client_requests_total", dimensions).totalValue == 1)
        #expect(try metrics.expectTimer("http_client_request_duration_seconds", dimensions).values.count == 1)
    }

    @Test func afterTheRetryMiddlewareEachAttemptIsCountedBeforeItTheCall() async throws {
        let attempts = Counter()
        let server = try HTTPTestServer { _ in attempts.increment() <= 2 ? .text("busy", status: 503) : .text("done") }
        let calls = TestMetrics()
        let client = StrategyClient(server: server.server(), middlewares: [
            .metrics(requestsLabel: "calls", durationLabel: "call_duration", factory: calls),
            .retry(RetryPolicy(baseDelay: .milliseconds(1))),
            .metrics(factory: metrics),
        ])

        try await client.send(Fetch())

        #expect(metrics.counterTotal(label: "http_client_requests_total", dimensions: [("strategy", "Fetch"), ("method", "GET"), ("status", "503"), ("error", "")]) == 2)
        #expect(metrics.counterTotal(label: "http_client_requests_total", dimensions: [("strategy", "Fetch"), ("method", "GET"), ("status", "200"), ("error", "")]) == 1)
        #expect(calls.counterTotal(label: "calls") == 1)
        #expect(try calls.expectCounter("calls", [("strategy", "Fetch"), ("method", "GET"), ("status", "200"), ("error", "")]).totalValue == 1)
    }

    @Test func aStrategyCanSkipTheMetrics() async throws {
        struct Quiet: Strategy {
            typealias Output = Void
            var middlewareFilter: Middleware.Filter { .excluding(["metrics"]) }
            func endpoint(for input: Void) -> Endpoint { Endpoint(.get, "/") }
        }
        let server = try HTTPTestServer { _ in .text("ok") }
        let client = StrategyClient(server: server.server(), middlewares: [.metrics(factory: metrics)])

        try await client.send(Quiet())

        #expect(metrics.counters.isEmpty)
        #expect(server.requests.count == 1)
    }
}
