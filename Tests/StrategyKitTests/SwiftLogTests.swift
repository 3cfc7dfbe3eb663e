import Foundation
import Logging
import StrategyKit
import StrategyKitObservability
import TestServer
import Testing

/// The logging middleware as a swift-log client.
@Suite struct SwiftLogTests {
    struct GetItem: Strategy {
        typealias Output = Void

        func endpoint(for id: Int) -> Endpoint {
            Endpoint(.get, "/items/\(id)", query: ["access_token": "swift-log-secret"])
        }
    }

    /// Keeps every entry a logger is given.
    final class Entries: Sendable {
        struct Entry: Sendable {
            var level: Logger.Level
            var message: String
            var metadata: Logger.Metadata
        }

        private let lock = NSLock()
        nonisolated(unsafe) private var list: [Entry] = []
        func append(_ entry: Entry) { lock.withLock { list.append(entry) } }
        var all: [Entry] { lock.withLock { list } }
    }

    struct CapturingHandler: LogHandler {
        let entries: Entries
        var metadata: Logger.Metadata = [:]
        var logLevel: Logger.Level = .trace

        subscript(metadataKey key: String) -> Logger.Metadata.Value? {
            get { metadata[key] }
            set { metadata[key] = newValue }
        }

        func log(event: LogEvent) {
            entries.append(.init(level: event.level, message: event.message.description, metadata: event.metadata ?? [:]))
        }
    }

    @Test func entriesGoToTheLoggerAtTheChosenLevelWithTheStrategyName() async throws {
        let server = try HTTPTestServer { _ in CannedResponse(status: 204) }
        let entries = Entries()
        let logger = Logger(label: "api") { _ in CapturingHandler(entries: entries) }
        let client = StrategyClient(server: server.server(), middlewares: [.logging(logger: logger, level: .info, detail: .summary)])

        try await client.send(GetItem(), 7)

        let logged = entries.all
        #expect(logged.map(\.level) == [.info, .info])
        #expect(logged.map { $0.metadata["strategy"] } == ["GetItem", "GetItem"])
        #expect(logged.first?.message == "→ GET http://127.0.0.1:\(server.port)/items/7?access_token=%3Credacted%3E [GetItem]")
        #expect(logged.last?.message.hasPrefix("← 204 GET http://127.0.0.1:\(server.port)/items/7?access_token=%3Credacted%3E in ") == true)
        #expect(!logged.contains { $0.message.contains("swift-log-secret") })
    }

    @Test func aLoggerBelowTheChosenLevelGetsNothing() async throws {
        let server = try HTTPTestServer { _ in CannedResponse(status: 204) }
        let entries = Entries()
        var logger = Logger(label: "api") { _ in CapturingHandler(entries: entries) }
        logger.logLevel = .warning
        let client = StrategyClient(server: server.server(), middlewares: [.logging(logger: logger)])

        try await client.send(GetItem(), 7)

        #expect(entries.all.isEmpty)
        #expect(server.requests.count == 1)
    }
}
