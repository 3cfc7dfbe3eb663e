import Foundation
@testable import StrategyKit
import TestServer
import Testing

/// Options for one call, as a loopback server sees them: each reaches the wire for that call
/// alone and wins over the client's and the endpoint's settings.
@Suite struct CallOptionsTests {
    /// Sends the endpoint it is given and returns the body as text.
    struct Send: Strategy {
        typealias Output = String

        func endpoint(for input: Endpoint) -> Endpoint { input }

        func output(from response: HTTPResponse, body: Data, decoder: JSONDecoder) throws -> String {
            String(decoding: body, as: UTF8.self)
        }
    }

    /// One page of numbers and the link to the next.
    struct Numbers: Decodable, Sendable {
        var items: [Int]
        var next: String?
    }

    /// `GET /list`, paged by the `next` link in the body.
    struct ListNumbers: PaginatedStrategy {
        typealias Output = Numbers

        var pagination: Pagination<Void> { .nextURL(at: "next", items: "items") }

        func endpoint(for input: Void) -> Endpoint { Endpoint(.get, "/list") }

        func items(of output: Numbers) -> [Int] { output.items }
    }

    /// A stream of `Tick`s from `/events`.
    struct Ticks: StreamingStrategy {
        typealias Output = Data

        func endpoint(for input: Void) -> Endpoint { Endpoint(.get, "/events") }

        var streamFormat: StreamFormat<Tick> { .serverSentEvents(of: Tick.self) }
    }

    let server: HTTPTestServer
    let hits = Counter()

    init() throws {
        let hits = self.hits
        server = try HTTPTestServer { request in
            hits.increment()
            switch request.path {
            case "/slow":
                try? await Task.sleep(for: .seconds(30))
                return .text("late")
            case "/busy": return .text("busy", status: 503)
            case "/list":
                return request.query("page") == "2"
                    ? .json(#"{"items": [3]}"#)
                    : .json(#"{"items": [1, 2], "next": "/list?page=2"}"#)
            case "/events": return CannedResponse(status: 200, headers: [("Content-Type", "text/event-stream")], body: Data("data: {\"n\":1}\n\n".utf8))
            default: return .text("ok")
            }
        }
    }

    func client(middlewares: [Middleware] = []) -> StrategyClient {
        StrategyClient(server: server.server(), middlewares: middlewares)
    }

    @Test func headersAndQueryItemsReachTheWireForThatCallAlone() async throws {
        let client = client()
        let endpoint = Endpoint(.get, "/echo", query: ["page": 1, "locale": "en"], headers: ["X-Trace": "endpoint"])

        _ = try await client.with(.header("X-Trace", "call"), .header("X-Extra", "1"), .query("locale", "de")).send(Send(), endpoint)
        _ = try await client.send(Send(), endpoint)

        let (optioned, plain) = (server.requests[0], server.requests[1])
        #expect(optioned.headers.filter { $0.name.lowercased() == "x-trace" }.map { $0.value } == ["call"])
        #expect(optioned.header("X-Extra") == "1")
        #expect(optioned.query == "page=1&locale=de")
        #expect(plain.header("X-Trace") == "endpoint")
        #expect(plain.header("X-Extra") == nil)
        #expect(plain.query == "page=1&locale=en")
    }

    @Test func aHeaderThatCouldSplitTheRequestFailsAndNothingIsSent() async throws {
        await #expect(throws: RequestBuildingError.invalidHeaderValue(name: "X-Trace")) {
            try await client().with(.header("X-Trace", "a\r\nInjected: 1")).send(Send(), Endpoint(.get, "/echo"))
        }
        #expect(server.requests.isEmpty)
    }

    @Test func theCallsTimeoutFiresOnASlowServerBeforeTheEndpointsAndTheClients() async throws {
        let client = StrategyClient(server: server.server(), limits: StrategyClient.Limits(timeout: 60))
        let start = ContinuousClock.now
        do {
            _ = try await client.with(.timeout(0.3)).call(Send(), Endpoint(.get, "/slow", timeout: 30))
            Issue.record("the call didn't time out")
        } catch {
            guard case .transport(let failure) = error else { throw error }
            #expect(failure.kind == .timedOut)
        }
        #expect(start.duration(to: .now) < .seconds(20))
    }

    @Test func noRetryForOneCallSendsOnceWhereTheClientRetries() async throws {
        let client = client(middlewares: [.retry(RetryPolicy(baseDelay: .milliseconds(1), jitter: 0))])

        _ = try? await client.send(Send(), Endpoint(.get, "/busy"))
        #expect(hits.count == 3)
        _ = try? await client.with(.retry(.never)).send(Send(), Endpoint(.get, "/busy"))
        #expect(hits.count == 4)
    }

    @Test func aCallsOwnPolicyRetriesWhereTheClientsDoesNot() async throws {
        let client = client(middlewares: [.retry(.never)])

        _ = try? await client.with(.retry(RetryPolicy(maxRetries: 1, baseDelay: .milliseconds(1)))).send(Send(), Endpoint(.get, "/busy"))
        #expect(hits.count == 2)
    }

    @Test func theIdempotencyKeyGoesWithEveryAttempt() async throws {
        let policy = RetryPolicy(baseDelay: .milliseconds(1), retryableMethods: [.post], idempotencyKeyHeader: "Idempotency-Key")
        let client = client(middlewares: [.retry(policy)])

        _ = try await client.with(.idempotencyKey("order-7")).send(Send(), Endpoint(.post, "/echo", body: .data(Data("{}".utf8))))
        _ = try? await client.with(.idempotencyKey("order-8")).send(Send(), Endpoint(.post, "/busy", body: .data(Data("{}".utf8))))

        #expect(server.requests[0].header("Idempotency-Key") == "order-7")
        #expect(server.requests.dropFirst().map { $0.header("Idempotency-Key") } == ["order-8", "order-8", "order-8"])
    }

    @Test func theCallsServerIsTheOneThatHearsIt() async throws {
        let other = try HTTPTestServer { _ in .text("other") }

        let output = try await client().with(.server(other.server(basePath: "/v2"))).send(Send(), Endpoint(.get, "/echo"))

        #expect(output == "other")
        #expect(other.requests.map(\.path) == ["/v2/echo"])
        #expect(server.requests.isEmpty)
    }

    @Test func middlewaresSeeTheCallsOptions() async throws {
        let seen = Protected<Middleware.Context?>(nil)
        let spy = Middleware(name: "spy") { request, body, context, next in
            seen.withLock { $0 = context }
            return try await next(request, body)
        }

        _ = try await client(middlewares: [spy]).with(.timeout(7), .idempotencyKey("k")).send(Send(), Endpoint(.get, "/echo"))

        let context = try #require(seen.withLock { $0 })
        #expect(context.options.timeout == 7)
        #expect(context.options.idempotencyKey == "k")
    }

    @Test func laterOptionsWinAndTheClientMadeFirstIsUnchanged() async throws {
        let base = client().with(.timeout(5), .header("X-A", "1"), .query("q", "1"))
        let later = base.with(.timeout(9), .header("x-a", "2"), .header("X-B", "3"))

        #expect(base.callOptions?.timeout == 5)
        #expect(later.callOptions?.timeout == 9)
        #expect(later.callOptions?.headers.map { $0.value } == ["2", "3"])
        #expect(later.callOptions?.query.map(\.value) == ["1"])
        #expect(client().callOptions == nil)
    }

    @Test func everyPageCarriesTheOptionsAndANextLinkKeepsItsOwn() async throws {
        let pages = client().with(.header("X-Trace", "pages"), .query("locale", "de"), .query("page", "9")).pages(ListNumbers(), ())

        var items: [Int] = []
        for try await item in pages.items { items.append(item) }

        #expect(items == [1, 2, 3])
        #expect(server.requests.map { $0.header("X-Trace") } == ["pages", "pages"])
        #expect(server.requests.map { $0.query("locale") } == ["de", "de"])
        // The first page takes the call's `page`; the second keeps the one its link names.
        #expect(server.requests.map { $0.query("page") } == ["9", "2"])
    }

    @Test func aStreamAndAnUploadCarryTheOptions() async throws {
        let client = client().with(.header("X-Trace", "streamed"), .query("locale", "de"))

        var ticks: [Tick] = []
        for try await tick in client.stream(Ticks(), ()) { ticks.append(tick) }
        _ = try await client.upload(Send(), Endpoint(.put, "/echo"), body: StreamedBody(ByteStream(Data("bytes".utf8))))

        #expect(ticks == [Tick(n: 1)])
        #expect(server.requests.map(\.path) == ["/events", "/echo"])
        #expect(server.requests.map { $0.header("X-Trace") } == ["streamed", "streamed"])
        #expect(server.requests.map { $0.query("locale") } == ["de", "de"])
        #expect(server.requests[1].body == Data("bytes".utf8))
    }

    @Test func aStreamTimesOutByTheCallsDeadline() async throws {
        struct SlowTicks: StreamingStrategy {
            typealias Output = Data
            func endpoint(for input: Void) -> Endpoint { Endpoint(.get, "/slow") }
            var streamFormat: StreamFormat<Tick> { .serverSentEvents(of: Tick.self) }
        }
        let start = ContinuousClock.now

        await #expect(throws: StreamError<UnexpectedResponse>.self) {
            for try await _ in client().with(.timeout(0.3)).stream(SlowTicks(), ()) {}
        }
        #expect(start.duration(to: .now) < .seconds(20))
    }
}

/// The response behind an answer, as a loopback server sent it.
@Suite struct AnswerTests {
    struct User: Decodable, Sendable, Equatable {
        var id: Int
    }

    struct GetAnswer: Strategy {
        typealias Output = User
        var requestIDHeader: String?

        func endpoint(for input: Void) -> Endpoint {
            var endpoint = Endpoint(.get, "/answer")
            endpoint.requestIDHeader = requestIDHeader
            return endpoint
        }
    }

    let server: HTTPTestServer

    init() throws {
        server = try HTTPTestServer { request in
            switch request.path {
            case "/answer":
                return CannedResponse(
                    status: 201,
                    headers: [("Content-Type", "application/json"), ("X-Request-Id", "req-42"), ("X-Rate-Remaining", "17"), ("X-Trace-Id", "trace-9")],
                    body: Data(#"{"id": 7}"#.utf8)
                )
            case "/ray": return CannedResponse(status: 200, headers: [("CF-Ray", "8a1b-AMS")], body: Data(#"{"id": 1}"#.utf8))
            default: return .json(#"{"id": 0}"#)
            }
        }
    }

    @Test func anAnswerHoldsTheOutputStatusHeadersRequestIDBodyAndDuration() async throws {
        let client = StrategyClient(server: server.server())

        let answer = try await client.callWithResponse(GetAnswer())

        #expect(answer.output == User(id: 7))
        #expect(answer.status.code == 201)
        #expect(answer.headerFields[HTTPField.Name("X-Rate-Remaining")!] == "17")
        #expect(answer.requestID == "req-42")
        #expect(answer.body == Data(#"{"id": 7}"#.utf8))
        #expect(answer.duration > .zero)
        #expect(answer.request.path == "/answer")
    }

    @Test func theCallerOrTheStrategyNamesTheRequestIDHeader() async throws {
        let client = StrategyClient(server: server.server())

        let named = try await client.with(.requestIDHeader("X-Trace-Id")).callWithResponse(GetAnswer())
        let byStrategy = try await client.callWithResponse(GetAnswer(requestIDHeader: "x-trace-id"))

        #expect(named.requestID == "trace-9")
        #expect(byStrategy.requestID == "trace-9")
    }

    @Test func aCommonRequestIDHeaderIsFoundWithoutNamingIt() async throws {
        struct GetRay: Strategy {
            typealias Output = User
            func endpoint(for input: Void) -> Endpoint { Endpoint(.get, "/ray") }
        }

        let answer = try await StrategyClient(server: server.server()).callWithResponse(GetRay())

        #expect(answer.requestID == "8a1b-AMS")
        #expect(HTTPResponse(status: .ok).requestID() == nil)
        #expect(HTTPResponse(status: .ok, headerFields: [HTTPField.Name("X-Amzn-RequestId")!: "aws-1"]).requestID() == "aws-1")
    }

    @Test func anUploadComesWithItsResponse() async throws {
        struct Upload: Strategy {
            typealias Output = User
            func endpoint(for input: Void) -> Endpoint { Endpoint(.put, "/answer") }
        }

        let answer = try await StrategyClient(server: server.server()).uploadWithResponse(Upload(), (), body: StreamedBody(ByteStream(Data("file".utf8))))

        #expect(answer.output == User(id: 7))
        #expect(answer.status.code == 201)
        #expect(answer.requestID == "req-42")
        #expect(answer.body == Data(#"{"id": 7}"#.utf8))
        #expect(answer.request.method == .put)
        #expect(answer.duration > .zero)
    }

    @Test func eachPageComesWithItsResponse() async throws {
        let pages = try HTTPTestServer { request in
            let first = request.query("page") == nil
            return CannedResponse(
                status: 200,
                headers: [("Content-Type", "application/json"), ("X-Request-Id", first ? "page-1" : "page-2")],
                body: Data((first ? #"{"items": [1, 2], "next": "/list?page=2"}"# : #"{"items": [3]}"#).utf8)
            )
        }

        var answers: [StrategyClient.Answer<CallOptionsTests.Numbers>] = []
        for try await answer in StrategyClient(server: pages.server()).pages(CallOptionsTests.ListNumbers(), ()).answers {
            answers.append(answer)
        }

        #expect(answers.map(\.requestID) == ["page-1", "page-2"])
        #expect(answers.map(\.output.items) == [[1, 2], [3]])
        #expect(answers.allSatisfy { $0.status == .ok && $0.duration > .zero })
        #expect(answers[1].body == Data(#"{"items": [3]}"#.utf8))
    }
}
