import Foundation
import StrategyKit
import TestServer
import Testing

@Suite struct MetricsTests {
    struct Upload: Strategy {
        typealias Output = Void

        func endpoint(for input: Data) -> Endpoint {
            Endpoint(.put, "/files/\("a b")", query: ["v": 1], body: .data(input))
        }
    }

    final class Recorded: Sendable {
        private let lock = NSLock()
        nonisolated(unsafe) private var list: [RequestMetrics] = []
        func append(_ metrics: RequestMetrics) { lock.withLock { list.append(metrics) } }
        var all: [RequestMetrics] { lock.withLock { list } }
    }

    @Test func recordsEachRequestsStatusSizesAndTime() async throws {
        let server = try HTTPTestServer { _ in .text("stored", status: 201) }
        let recorded = Recorded()
        let client = StrategyClient(server: server.server(), middlewares: [MetricsMiddleware { recorded.append($0) }])

        try await client.send(Upload(), Data(count: 1000))

        let metrics = try #require(recorded.all.first)
        #expect(recorded.all.count == 1)
        #expect(metrics.strategyName == "Upload")
        #expect(metrics.method == .put)
        #expect(metrics.endpoint == "127.0.0.1/files/a b")
        #expect(metrics.statusCode == 201)
        #expect(metrics.requestBytes == 1000)
        #expect(metrics.responseBytes == 6)
        #expect(metrics.error == nil)
        #expect(metrics.duration > .zero)
    }

    @Test func recordsAnErrorWhenNoResponseCame() async throws {
        let recorded = Recorded()
        let client = StrategyClient(
            server: Server(scheme: "http", host: "127.0.0.1", port: try closedPort()),
            middlewares: [MetricsMiddleware { recorded.append($0) }]
        )

        _ = try? await client.send(Upload(), Data())

        #expect(recorded.all.count == 1)
        #expect(recorded.all.first?.statusCode == nil)
        #expect(recorded.all.first?.error != nil)
    }
}
