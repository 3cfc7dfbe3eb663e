import Foundation
import StrategyKit
import Testing

/// A stub route that plays a stream's text back a record at a time, answering only requests
/// for the stream, so the same operation's JSON route may share its method and path.
@Suite struct StubStreamPlaybackTests {
    struct Fetch: Strategy {
        typealias Output = Data
        func endpoint(for input: Void) -> Endpoint { Endpoint(.get, "/ticks") }
    }

    static let routes: [StubTransport.Route] = [
        .init(.get, "/ticks", streaming: .jsonLines, text: "{\"n\":1}\n{\"n\":2}\n{\"n\":3}", every: .milliseconds(40)),
        .init(.get, "/ticks", json: #"{"all":[1,2,3]}"#),
    ]

    @Test func recordsArriveOneAtATimeAfterTheInterval() async throws {
        let client = StrategyClient(server: Server(host: "api.example.com"), transport: StubTransport(Self.routes))
        let clock = ContinuousClock()
        let started = clock.now
        var arrivals: [(Int, ContinuousClock.Instant)] = []

        for try await tick in client.stream(TickStream(path: "/ticks", format: .jsonLines(of: Tick.self)), ()) {
            arrivals.append((tick.n, clock.now))
        }

        #expect(arrivals.map(\.0) == [1, 2, 3])
        // The first at once, each next one after the interval.
        #expect(started.duration(to: arrivals[1].1) >= .milliseconds(40))
        #expect(started.duration(to: arrivals[2].1) >= .milliseconds(80))
    }

    @Test func aRequestNotAskingForTheStreamGetsTheNextRoute() async throws {
        let client = StrategyClient(server: Server(host: "api.example.com"), transport: StubTransport(Self.routes))

        let body = try await client.call(Fetch(), ())

        #expect(body == Data(#"{"all":[1,2,3]}"#.utf8))
    }

    @Test func eventsSplitAtEmptyLinesAndJSONTextsAtSeparators() async throws {
        let events = StubTransport([
            .init(.get, "/ticks", streaming: .serverSentEvents, text: "event: tick\ndata: {\"n\":1}\n\n: a comment\n\ndata: {\"n\":2}\n", every: .zero),
        ])
        let texts = StubTransport([
            .init(.get, "/ticks", streaming: .jsonSequence, text: "\u{1E}{\"n\":1}\n\u{1E}{\"n\":2}\n", every: .zero),
        ])
        var ticks: [Int] = []

        for try await tick in StrategyClient(server: Server(host: "h"), transport: events).stream(TickStream(path: "/ticks"), ()) {
            ticks.append(tick.n)
        }
        for try await tick in StrategyClient(server: Server(host: "h"), transport: texts).stream(TickStream(path: "/ticks", format: .jsonSequence(of: Tick.self)), ()) {
            ticks.append(tick.n)
        }

        #expect(ticks == [1, 2, 1, 2])
    }
}

/// An error response sent as server-sent events reaches the error type as its first event's
/// data; a body that only claims to be events reaches it as it came.
@Suite struct EventStreamErrorBodyTests {
    struct Rejection: APIError {
        let body: Data
        init(response: HTTPResponse, body: Data) { self.body = body }
    }

    struct Ticks: StreamingStrategy {
        typealias Output = Data
        typealias Failure = Rejection
        func endpoint(for input: Void) -> Endpoint { Endpoint(.get, "/ticks") }
        var streamFormat: StreamFormat<Tick> { .serverSentEvents(of: Tick.self) }
    }

    static func rejection(_ body: String) async -> Data? {
        let response = HTTPResponse(status: .unprocessableContent, headerFields: [.contentType: "text/event-stream; charset=utf-8"])
        let stub = StubTransport([.init(.get, "/ticks", response: response, body: Data(body.utf8))])
        do {
            for try await _ in StrategyClient(server: Server(host: "h"), transport: stub).stream(Ticks(), ()) {}
            return nil
        } catch {
            guard case .api(let rejection) = error.reason else { return nil }
            return rejection.body
        }
    }

    @Test func theFirstEventsDataIsTheBody() async {
        #expect(await Self.rejection(": rejected\nevent: error\ndata: {\"error\":\"bad\"}\n\ndata: {\"n\":2}\n\n") == Data(#"{"error":"bad"}"#.utf8))
        // Without the empty line that ends it.
        #expect(await Self.rejection("data: {\"error\":\"bad\"}") == Data(#"{"error":"bad"}"#.utf8))
    }

    @Test func aBodyWithoutEventsIsAsItCame() async {
        #expect(await Self.rejection(#"{"error":"bad"}"#) == Data(#"{"error":"bad"}"#.utf8))
    }
}
