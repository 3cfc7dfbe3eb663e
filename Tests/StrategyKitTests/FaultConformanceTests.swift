import Foundation
import StrategyKit
import StrategyKitAsyncHTTPClient
import TestServer
import Testing

/// Every real transport meets every fault the same way through a client: the same error
/// kind and the same attempts counted at the server. Each fault lasts far longer than any
/// deadline, and ends in another kind (or a success) when waited out, so the kind alone
/// shows that the call ended on time, however loaded the machine.
@Suite struct FaultConformanceTests {
    typealias Kind = TransportKind

    /// A fault, what it must end in, and how many attempts the retry policy makes of it.
    struct Case: CustomTestStringConvertible, Sendable {
        var name: String
        var fault: Fault
        var expected: TransportError.Kind
        var attempts: Int
        /// The deadline; faults that aren't about time get a long one, so a slow machine (or
        /// ThreadSanitizer) can't turn them into timeouts.
        var deadline: TimeInterval { expected == .timedOut ? FaultConformanceTests.deadline : 20 }
        /// The connect timeout, which both transports also apply to each wait for bytes: for
        /// the deadline's faults far above the server's hold, so only the deadline can end
        /// them in a timeout (an idle timer that fired instead would have to wait longer than
        /// the server holds, and the fault would end in another kind).
        var connectTimeout: TimeInterval { expected == .timedOut ? FaultConformanceTests.idleTimeout : 10 }
        var testDescription: String { name }
    }

    static let deadline: TimeInterval = 1.5
    /// Far longer than any call may take, so a call that waited for the server is caught.
    static let serverHold: Double = 90
    /// A connect (and idle) timeout longer than the server's hold.
    static let idleTimeout: TimeInterval = 120

    static let cases: [Case] = [
        Case(name: "stall before head", fault: .stallBeforeHead(seconds: serverHold), expected: .timedOut, attempts: 3),
        Case(name: "stall mid-body", fault: .stallMidBody(length: 1000, sent: 100, seconds: serverHold), expected: .timedOut, attempts: 3),
        Case(name: "trickle", fault: .trickle(length: 900, interval: 0.1), expected: .timedOut, attempts: 3),
        Case(name: "truncate", fault: .truncate(length: 1000, sent: 100), expected: .connectionLost, attempts: 3),
        Case(name: "reset mid-body", fault: .resetMidBody(length: 100_000, sent: 100), expected: .connectionLost, attempts: 3),
        Case(name: "garbage", fault: .garbage, expected: .invalidResponse, attempts: 1),
        Case(name: "huge, declared", fault: .huge(length: 64 << 20, declared: true), expected: .responseTooLarge, attempts: 1),
        Case(name: "huge, chunked", fault: .huge(length: 64 << 20, declared: false), expected: .responseTooLarge, attempts: 1),
    ]

    struct Fetch: Strategy {
        typealias Output = Data
        var path: Endpoint.Path
        var maximumResponseBytes: Int?
        var connectTimeout: TimeInterval?

        func endpoint(for input: Void) -> Endpoint {
            Endpoint(.get, path, connectTimeout: connectTimeout, maximumResponseBytes: maximumResponseBytes)
        }

        func output(from response: HTTPResponse, body: Data, decoder: JSONDecoder) throws -> Data { body }
    }

    static func client(_ kind: Kind, server: Server, timeout: TimeInterval = deadline, connectTimeout: TimeInterval = 10) -> StrategyClient {
        StrategyClient(
            server: server,
            transport: kind.transport,
            middlewares: [.retry(RetryPolicy(maxRetries: 2, baseDelay: .milliseconds(10), jitter: 0))],
            limits: StrategyClient.Limits(timeout: timeout, connectTimeout: connectTimeout, maximumResponseBytes: 1 << 20)
        )
    }

    @Test(arguments: Kind.allCases, cases)
    func everyFaultEndsInTheSameKind(kind: Kind, fault: Case) async throws {
        let server = try FaultServer { _ in fault.fault }
        defer { server.stop() }
        let client = Self.client(
            kind, server: Server(scheme: "http", host: "127.0.0.1", port: server.port),
            timeout: fault.deadline, connectTimeout: fault.connectTimeout
        )

        let error = await #expect(throws: TransportError.self) { try await client.send(Fetch(path: "/fault")) }

        #expect(error?.kind == fault.expected, "\(String(describing: error))")
        let arrivals = server.requests.map(\.arrived)
        #expect(arrivals.count == fault.attempts)
        if fault.expected == .timedOut {
            // Attempts that failed at once would arrive a backoff (10 ms) apart; the server
            // records arrivals late on a loaded machine, so the bound keeps a wide margin.
            for (earlier, later) in zip(arrivals, arrivals.dropFirst()) {
                #expect(later - earlier >= .seconds(Self.deadline / 3))
            }
        }
    }

    @Test(arguments: Kind.allCases)
    func aRefusedConnectionFailsFast(kind: Kind) async throws {
        let refusing = try RefusingPort()
        let client = Self.client(
            kind, server: Server(scheme: "http", host: "127.0.0.1", port: refusing.port),
            timeout: Self.idleTimeout, connectTimeout: Self.idleTimeout
        )

        // A transport that kept trying to connect would end only after 120 s (and then maybe
        // as `cannotConnect` too), so the three attempts must end long before that.
        let error = await #expect(throws: TransportError.self) {
            try await failingIfHung(after: 10) { try await client.send(Fetch(path: "/")) }
        }

        #expect(error?.kind == .cannotConnect)
    }

    /// Both statuses that ask a client to come back later: unavailable, and too many requests.
    @Test(arguments: Kind.allCases, [503, 429])
    func retryAfterIsWaitedBetweenAttemptsAsTheServerSawThem(kind: Kind, status: Int) async throws {
        let count = Counter()
        let server = try FaultServer { _ in
            count.increment() <= 2
                ? .respond(status: status, headers: [("Retry-After", "1")])
                : .respond(status: 200, body: Data("ok".utf8))
        }
        defer { server.stop() }
        let client = Self.client(kind, server: Server(scheme: "http", host: "127.0.0.1", port: server.port), timeout: 10)

        let body = try await client.send(Fetch(path: "/busy"))

        #expect(body == Data("ok".utf8))
        let arrivals = server.requests.map(\.arrived)
        #expect(arrivals.count == 3)
        for (earlier, later) in zip(arrivals, arrivals.dropFirst()) {
            #expect(later - earlier >= .seconds(1))
            // Under ThreadSanitizer, beside the other suites, the pool has been seen to stall
            // for half a minute: an open question; the bound is checked without it.
            if ProcessInfo.processInfo.environment["TSAN_OPTIONS"] == nil {
                #expect(later - earlier < .seconds(30))
            }
        }
    }

    @Test(arguments: Kind.allCases)
    func aHeadRequestIsNotJudgedByTheLengthItAnnounces(kind: Kind) async throws {
        let server = try FaultServer { _ in .headOnly(length: 5 << 20) }
        defer { server.stop() }
        let transport = kind.transport
        let request = HTTPRequest(method: .head, url: URL(string: "http://127.0.0.1:\(server.port)/file")!)

        let (response, _) = try await transport.send(request, body: nil, limits: StrategyClient.Limits(maximumResponseBytes: 1 << 20))

        #expect(response.status.code == 200)
    }

    @Test(arguments: Kind.allCases)
    func anEndpointsSizeLimitOverridesTheClients(kind: Kind) async throws {
        let server = try FaultServer { _ in .huge(length: 2 << 20, declared: true) }
        defer { server.stop() }
        let client = Self.client(kind, server: Server(scheme: "http", host: "127.0.0.1", port: server.port), timeout: unhurriedTimeout)

        #expect(try await client.send(Fetch(path: "/big", maximumResponseBytes: 4 << 20)).count == 2 << 20)
        let error = await #expect(throws: TransportError.self) { try await client.send(Fetch(path: "/big")) }
        #expect(error?.kind == .responseTooLarge)  // the client's 1 MiB
    }

    /// The endpoint's connect timeout, which also bounds each wait for bytes, ends a stall the
    /// client's own limits would wait out.
    @Test(arguments: Kind.allCases)
    func anEndpointsConnectTimeoutOverridesTheClients(kind: Kind) async throws {
        let server = try FaultServer { _ in .stallBeforeHead(seconds: Self.serverHold) }
        defer { server.stop() }
        let client = StrategyClient(
            server: Server(scheme: "http", host: "127.0.0.1", port: server.port),
            transport: kind.transport,
            limits: StrategyClient.Limits(timeout: Self.idleTimeout, connectTimeout: Self.idleTimeout)
        )

        let error = await #expect(throws: TransportError.self) {
            try await failingIfHung(after: 30) { try await client.send(Fetch(path: "/stall", connectTimeout: 1)) }
        }

        #expect(error?.kind == .timedOut)
        #expect(server.requests.count == 1)
    }

    @Test(arguments: Kind.allCases)
    func aBodyWithinTheLimitArrivesWhole(kind: Kind) async throws {
        let server = try FaultServer { _ in .huge(length: 1 << 20, declared: false) }
        defer { server.stop() }
        let client = Self.client(kind, server: Server(scheme: "http", host: "127.0.0.1", port: server.port), timeout: unhurriedTimeout)

        let body = try await client.send(Fetch(path: "/exact"))

        #expect(body.count == 1 << 20)
    }
}

/// The stub transport meets the faults it can stand for the same way.
@Suite struct StubFaultConformanceTests {
    let stub = StubTransport([
        .init(.get, "/slow", response: HTTPResponse(status: 200), delay: .seconds(90)),
        .init(.get, "/huge", response: HTTPResponse(status: 200), body: Data(count: 2 << 20)),
        .init(.get, "/lost", failure: TransportError(.connectionLost)),
    ])

    func client() -> StrategyClient {
        StrategyClient(
            server: Server(host: "stub.example"),
            transport: stub,
            middlewares: [.retry(RetryPolicy(maxRetries: 2, baseDelay: .milliseconds(10), jitter: 0))],
            limits: StrategyClient.Limits(timeout: 0.5, maximumResponseBytes: 1 << 20)
        )
    }

    @Test(arguments: [
        ("/slow", TransportError.Kind.timedOut, 3),
        ("/huge", .responseTooLarge, 1),
        ("/lost", .connectionLost, 3),
    ])
    func faultsEndInTheSameKind(path: String, expected: TransportError.Kind, attempts: Int) async throws {
        let error = await #expect(throws: TransportError.self) {
            try await client().send(FaultConformanceTests.Fetch(path: Endpoint.Path(stringLiteral: path)))
        }

        #expect(error?.kind == expected)
        #expect(stub.requests.count == attempts)
    }

    @Test func anUnmatchedRequestIsNotRetried() async throws {
        await #expect(throws: StubTransport.Unmatched.self) {
            try await client().send(FaultConformanceTests.Fetch(path: "/nowhere"))
        }
        #expect(stub.requests.count == 1)
    }

    @Test func theHistoryKeepsOnlyTheLatestRequests() async throws {
        let stub = StubTransport([.init(.get, "/{n}", response: HTTPResponse(status: 204))], historyLimit: 10)
        for n in 0..<50 {
            _ = try await stub.send(HTTPRequest(method: .get, url: URL(string: "http://stub.example/\(n)")!))
        }
        #expect(stub.requests.compactMap(\.request.path) == (40..<50).map { "/\($0)" })
        #expect(StubTransport([], historyLimit: 0).requests.isEmpty)
    }
}
