import Foundation
import StrategyKit
import StrategyKitAsyncHTTPClient
import TestServer
import Testing

/// One element of the test streams.
struct Tick: Codable, Equatable, Sendable {
    let n: Int
}

/// A stream of `Tick`s in `format` from `path`.
struct TickStream: StreamingStrategy {
    typealias Output = Data
    let path: Endpoint.Path
    var format = StreamFormat<Tick>.serverSentEvents(of: Tick.self)

    func endpoint(for input: Void) throws -> Endpoint {
        Endpoint(.get, path)
    }

    var streamFormat: StreamFormat<Tick> { format }
}

/// A plain strategy at `path`, for uploads and downloads.
struct Transfer: Strategy {
    typealias Output = Data
    let method: HTTPRequest.Method
    let path: Endpoint.Path

    func endpoint(for input: Void) throws -> Endpoint {
        Endpoint(method, path)
    }
}

/// Streamed responses through each real transport, against a server that writes them piece by
/// piece.
@Suite struct StreamingTests {
    typealias Kind = TransportConformanceTests.Kind

    static func client(_ server: StreamServer, _ kind: Kind, limits: StrategyClient.Limits = .default) -> StrategyClient {
        StrategyClient(server: Server(scheme: "http", host: "127.0.0.1", port: server.port), transport: kind.transport, limits: limits)
    }

    @Test(arguments: Kind.allCases)
    func anEventArrivesWhileTheConnectionStaysOpenAndCancellingClosesIt(kind: Kind) async throws {
        let closed = Protected<Bool?>(nil)
        let server = try StreamServer { connection in
            connection.sendHead()
            connection.sendChunk(ServerSentEvent(data: #"{"n":1}"#).text)
            let sawClose = connection.waitForClose(seconds: 10)
            closed.withLock { $0 = sawClose }
        }
        let client = Self.client(server, kind)
        let seen = Protected(false)
        try await failingIfHung(after: 20) {
            let task = Task {
                var iterator = client.stream(TickStream(path: "/events"), ()).makeAsyncIterator()
                let first = try await iterator.next()
                #expect(first == Tick(n: 1))
                seen.withLock { $0 = true }
                try await Task.sleep(for: .seconds(30))
            }
            try await waitUntil { seen.withLock { $0 } }
            #expect(closed.withLock { $0 } == nil)
            task.cancel()
            _ = await task.result
            try await waitUntil { closed.withLock { $0 } != nil }
            #expect(closed.withLock { $0 } == true)
        }
    }

    @Test(arguments: Kind.allCases)
    func eventsArriveInOrderEachBeforeTheNextIsSent(kind: Kind) async throws {
        let acknowledged = Protected(0)
        let server = try StreamServer { connection in
            connection.sendHead()
            for n in 1...5 {
                connection.sendChunk(ServerSentEvent(data: "{\"n\":\(n)}").text)
                // The next event waits until the client has seen this one.
                let deadline = Date().addingTimeInterval(5)
                while acknowledged.withLock({ $0 }) < n, Date() < deadline { usleep(1000) }
            }
            connection.end()
        }
        try await failingIfHung(after: 20) {
            var seen: [Int] = []
            for try await tick in Self.client(server, kind).stream(TickStream(path: "/events"), ()) {
                seen.append(tick.n)
                acknowledged.withLock { $0 = tick.n }
            }
            #expect(seen == [1, 2, 3, 4, 5])
        }
    }

    @Test(arguments: Kind.allCases)
    func multiLineDataCommentsIdsRetryAndTheTerminatorAreRead(kind: Kind) async throws {
        let server = try StreamServer { connection in
            connection.sendHead()
            connection.sendChunk(": a comment\r\nid: 7\r\nretry: 1500\r\nevent: note\r\ndata: first\r\ndata: second\r\n\r\n")
            connection.sendChunk("data: no\n")
            connection.sendChunk("  type\n\n")
            connection.sendChunk("data: [DONE]\n\ndata: after the end\n\n")
            connection.end()
        }
        let format = StreamFormat<ServerSentEvent>.serverSentEvents()
        struct Raw: StreamingStrategy {
            typealias Output = Data
            let format: StreamFormat<ServerSentEvent>
            func endpoint(for input: Void) -> Endpoint { Endpoint(.get, "/raw") }
            var streamFormat: StreamFormat<ServerSentEvent> { format }
        }
        var events: [ServerSentEvent] = []
        for try await event in Self.client(server, kind).stream(Raw(format: format), ()) { events.append(event) }
        #expect(events == [
            ServerSentEvent(event: "note", data: "first\nsecond", id: "7", retry: 1500),
            ServerSentEvent(data: "no", id: "7"),
        ])
    }

    @Test(arguments: Kind.allCases)
    func jsonLinesAndJSONSequencesAreRead(kind: Kind) async throws {
        let server = try StreamServer { connection in
            connection.sendHead(headers: [("Content-Type", "application/jsonl")])
            if connection.target == "/lines" {
                connection.sendChunk("{\"n\":1}\n{\"n\"")
                connection.sendChunk(":2}\r\n\n{\"n\":3}")
            } else {
                connection.sendChunk("\u{1E}{\"n\":1}\n\u{1E}{\"n\"")
                connection.sendChunk(":2}\n\u{1E}{\"n\":3}\n")
            }
            connection.end()
        }
        let client = Self.client(server, kind)
        var lines: [Int] = []
        for try await tick in client.stream(TickStream(path: "/lines", format: .jsonLines(of: Tick.self)), ()) { lines.append(tick.n) }
        var sequence: [Int] = []
        for try await tick in client.stream(TickStream(path: "/seq", format: .jsonSequence(of: Tick.self)), ()) { sequence.append(tick.n) }
        #expect(lines == [1, 2, 3])
        #expect(sequence == [1, 2, 3])
    }

    @Test(arguments: Kind.allCases)
    func aMalformedEventEndsTheStreamWithTheCount(kind: Kind) async throws {
        let server = try StreamServer { connection in
            connection.sendHead()
            connection.sendChunk("data: {\"n\":1}\n\ndata: {\"n\":2}\n\ndata: {\"n\":\n\n")
            _ = connection.waitForClose(seconds: 5)
        }
        let error = await Self.failure(of: Self.client(server, kind).stream(TickStream(path: "/events"), ()))
        #expect(error?.received == 2)
        guard case .decoding(_, let body)? = error?.reason else {
            Issue.record("expected a decoding error, got \(String(describing: error))")
            return
        }
        #expect(String(decoding: body, as: UTF8.self) == #"{"n":"#)
    }

    @Test(arguments: Kind.allCases)
    func aDroppedConnectionEndsTheStreamWithTheCount(kind: Kind) async throws {
        let server = try StreamServer { connection in
            connection.sendHead()
            connection.sendChunk("data: {\"n\":1}\n\ndata: {\"n\":2}\n\ndata: {\"n\":3}\n\n")
            usleep(100_000)
            connection.close()
        }
        let error = await Self.failure(of: Self.client(server, kind).stream(TickStream(path: "/events"), ()))
        #expect(error?.received == 3)
        guard case .transport(let failure)? = error?.reason else {
            Issue.record("expected a transport error, got \(String(describing: error))")
            return
        }
        #expect(failure.kind == .connectionLost || failure.kind == .invalidResponse)
    }

    @Test(arguments: Kind.allCases)
    func anErrorEventEndsTheStreamWithTheAPIsError(kind: Kind) async throws {
        let server = try StreamServer { connection in
            connection.sendHead()
            connection.sendChunk("data: {\"n\":1}\n\nevent: error\ndata: {\"message\":\"overloaded\"}\n\n")
            _ = connection.waitForClose(seconds: 5)
        }
        let error = await Self.failure(of: Self.client(server, kind).stream(TickStream(path: "/events"), ()))
        #expect(error?.received == 1)
        guard case .api(let failure)? = error?.reason else {
            Issue.record("expected the API's error, got \(String(describing: error))")
            return
        }
        #expect(String(decoding: failure.body, as: UTF8.self) == #"{"message":"overloaded"}"#)
    }

    @Test(arguments: Kind.allCases)
    func anErrorStatusThrowsTheAPIsErrorBeforeAnyElement(kind: Kind) async throws {
        let server = try StreamServer { connection in
            connection.sendHead(status: 429, headers: [("Content-Type", "application/json"), ("Content-Length", "21")])
            connection.sendRaw(Data(#"{"error":"slow down"}"#.utf8))
        }
        let error = await Self.failure(of: Self.client(server, kind).stream(TickStream(path: "/events"), ()))
        #expect(error?.received == 0)
        guard case .api(let failure)? = error?.reason else {
            Issue.record("expected the API's error, got \(String(describing: error))")
            return
        }
        #expect(failure.response.status.code == 429)
    }

    /// A reader that falls behind holds back its own stream only: the same transport's other
    /// calls are answered, and their deadlines end them on time, while it is behind.
    @Test(arguments: Kind.allCases)
    func aReaderThatFallsBehindHoldsBackNoOtherCall(kind: Kind) async throws {
        let flood = try StreamServer { connection in
            connection.sendHead()
            let events = String(repeating: ServerSentEvent(data: #"{"n":1}"#).text, count: 1000)
            for _ in 0..<300 {
                guard connection.sendChunk(events) else { return }
            }
            _ = connection.waitForClose(seconds: 30)
        }
        let quick = try StreamServer { connection in
            connection.sendHead(headers: [("Content-Type", "text/plain"), ("Content-Length", "2")])
            connection.sendRaw(Data("ok".utf8))
        }
        let silent = try StreamServer { connection in
            _ = connection.waitForClose(seconds: 30)
        }
        let transport = kind.transport
        @Sendable func client(_ server: StreamServer, timeout: TimeInterval = 30) -> StrategyClient {
            StrategyClient(
                server: Server(scheme: "http", host: "127.0.0.1", port: server.port),
                transport: transport,
                limits: StrategyClient.Limits(timeout: timeout, maximumResponseBytes: 64 << 20)
            )
        }
        try await failingIfHung(after: 40) {
            var events = client(flood).stream(TickStream(path: "/events"), ()).makeAsyncIterator()
            #expect(try await events.next() == Tick(n: 1))
            // Long enough for the transport to receive far more than the stream keeps waiting.
            try await Task.sleep(for: .seconds(1))

            #expect(try await client(quick).send(Transfer(method: .get, path: "/")) == Data("ok".utf8))
            let started = ContinuousClock.now
            let error = await #expect(throws: TransportError.self) {
                try await client(silent, timeout: 0.5).send(Transfer(method: .get, path: "/"))
            }
            #expect(error?.kind == .timedOut)
            #expect(started.duration(to: .now) < .seconds(10))
            #expect(try await events.next() == Tick(n: 1))
        }
    }

    /// The deadline ends the stream long before the server would (it holds the connection for
    /// a minute). Under ThreadSanitizer, beside the other suites, the stream ends in `timedOut`
    /// but tens of seconds late, an open question of the runtime; so these run on their own:
    /// `STRATEGYKIT_STREAM_DEADLINES=1 swift test --filter StreamingTests`, as CI runs them.
    static let deadlinesAlone = ProcessInfo.processInfo.environment["STRATEGYKIT_STREAM_DEADLINES"] == "1"

    @Test(.enabled(if: deadlinesAlone), arguments: Kind.allCases)
    func theFirstByteDeadlineFires(kind: Kind) async throws {
        let server = try StreamServer { connection in
            _ = connection.waitForClose(seconds: 60)
        }
        let started = ContinuousClock.now
        let error = await Self.failure(of: Self.client(server, kind).stream(TickStream(path: "/events"), (), limits: StreamLimits(firstByte: 0.3)))
        guard case .transport(let failure)? = error?.reason else {
            Issue.record("expected a timeout, got \(String(describing: error))")
            return
        }
        #expect(failure.kind == .timedOut)
        #expect(started.duration(to: .now) < .seconds(5))
    }

    @Test(.enabled(if: deadlinesAlone), arguments: Kind.allCases)
    func theSilenceDeadlineFiresBetweenEvents(kind: Kind) async throws {
        let server = try StreamServer { connection in
            connection.sendHead()
            connection.sendChunk("data: {\"n\":1}\n\n")
            _ = connection.waitForClose(seconds: 60)
        }
        let started = ContinuousClock.now
        let error = await Self.failure(of: Self.client(server, kind).stream(TickStream(path: "/events"), (), limits: StreamLimits(firstByte: 60, silence: 0.3)))
        #expect(error?.received == 1)
        guard case .transport(let failure)? = error?.reason else {
            Issue.record("expected a timeout, got \(String(describing: error))")
            return
        }
        #expect(failure.kind == .timedOut)
        #expect(started.duration(to: .now) < .seconds(5))
    }

    /// The error a stream ends with, after reading it all.
    static func failure<S>(of stream: StrategyClient.EventStream<S>) async -> StreamError<S.Failure>? {
        do {
            for try await _ in stream {}
            return nil
        } catch {
            return error
        }
    }
}

/// Waits until `condition` holds, for at most 10 seconds.
func waitUntil(_ condition: @Sendable () -> Bool) async throws {
    let end = ContinuousClock.now + .seconds(10)
    while !condition(), ContinuousClock.now < end { try await Task.sleep(for: .milliseconds(10)) }
}

/// A value behind a lock, for the tests' servers and tasks.
final class Protected<Value: Sendable>: @unchecked Sendable {
    private let lock = NSLock()
    private var value: Value

    init(_ value: Value) {
        self.value = value
    }

    func withLock<Result>(_ body: (inout Value) throws -> Result) rethrows -> Result {
        lock.lock()
        defer { lock.unlock() }
        return try body(&value)
    }
}
