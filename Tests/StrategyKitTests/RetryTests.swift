import Foundation
@testable import StrategyKit
import TestServer
import Testing

/// Retries as the server counts them; waits are recorded instead of slept.
@Suite struct RetryTests {
    struct Call: Strategy {
        typealias Output = String
        var method: HTTPRequest.Method = .get
        var path: Endpoint.Path = "/flaky"
        var retry: RetryPolicy?

        func endpoint(for input: Void) -> Endpoint {
            Endpoint(method, path, body: method == .post ? .data(Data("payload-\u{1}".utf8)) : nil, retry: retry)
        }

        func output(from response: HTTPResponse, body: Data, decoder: JSONDecoder) throws -> String {
            String(decoding: body, as: UTF8.self)
        }
    }

    /// The waits the middleware asked for, and when it asked.
    final class Waits: Sendable {
        private let lock = NSLock()
        nonisolated(unsafe) private var list: [(wait: Duration, askedAt: Date)] = []
        func append(_ wait: Duration) { lock.withLock { list.append((wait, Date())) } }
        var all: [Duration] { lock.withLock { list.map(\.wait) } }
        var first: (wait: Duration, askedAt: Date)? { lock.withLock { list.first } }
    }

    /// The first date the server's handler named, which the test reads.
    final class RetryDate: Sendable {
        private let lock = NSLock()
        nonisolated(unsafe) private var date: Date?
        func name(_ date: Date) { lock.withLock { self.date = self.date ?? date } }
        var first: Date? { lock.withLock { date } }
    }

    let server: HTTPTestServer
    let attempts = Counter()
    let waits = Waits()
    /// The date the server first named in a `Retry-After`.
    let retryDate = RetryDate()

    init() throws {
        let attempts = self.attempts
        let retryDate = self.retryDate
        server = try HTTPTestServer { request in
            let attempt = attempts.increment()
            switch request.path {
            case "/flaky": return attempt <= 2 ? .text("busy", status: 503) : .text("done")
            case "/broken": return .text("broken", status: 500)
            case "/missing": return .text("missing", status: 404)
            case "/slow-down": return CannedResponse(status: 429, headers: [("Retry-After", "2")])
            case "/slow-down-date":
                // Two minutes ahead, in whole seconds as the header writes it; the waits are
                // recorded, not slept.
                let date = Date(timeIntervalSince1970: (Date().timeIntervalSince1970 + 120).rounded(.down))
                retryDate.name(date)
                let formatter = DateFormatter()
                formatter.locale = Locale(identifier: "en_US_POSIX")
                formatter.timeZone = TimeZone(identifier: "GMT")
                formatter.dateFormat = "EEE, dd MMM yyyy HH:mm:ss 'GMT'"
                return CannedResponse(status: 503, headers: [("Retry-After", formatter.string(from: date))])
            case "/go-away": return CannedResponse(status: 429, headers: [("Retry-After", "3600")])
            case "/negative": return CannedResponse(status: 503, headers: [("Retry-After", "-5")])
            default: return .text("?", status: 400)
            }
        }
    }

    func client(_ policy: RetryPolicy = RetryPolicy(baseDelay: .milliseconds(100), jitter: 0), server: Server? = nil) -> StrategyClient {
        let waits = self.waits
        return StrategyClient(server: server ?? self.server.server(), middlewares: [Middleware(RetryMiddleware(policy: policy) { waits.append($0) })])
    }

    @Test func aTemporaryFailureIsRetriedUntilItSucceeds() async throws {
        let output = try await client().send(Call())

        #expect(output == "done")
        #expect(attempts.count == 3)
        #expect(waits.all == [.milliseconds(100), .milliseconds(200)])
    }

    @Test func retriesStopAtTheMaximum() async throws {
        await #expect(throws: UnexpectedResponse.self) { try await client().send(Call(path: "/broken")) }
        #expect(attempts.count == 3)
    }

    @Test func postIsNotRetriedUnlessThePolicySaysSo() async throws {
        await #expect(throws: UnexpectedResponse.self) { try await client().send(Call(method: .post)) }
        #expect(attempts.count == 1)

        let policy = RetryPolicy(baseDelay: .milliseconds(1), retryableMethods: [.get, .post])
        #expect(try await client(policy).send(Call(method: .post)) == "done")
        let bodies = server.requests.filter { $0.method == "POST" }.map(\.body)
        #expect(bodies.count == 3)
        #expect(Set(bodies) == [Data("payload-\u{1}".utf8)])
    }

    @Test func clientErrorsAreNotRetried() async throws {
        await #expect(throws: UnexpectedResponse.self) { try await client().send(Call(path: "/missing")) }
        #expect(attempts.count == 1)
    }

    @Test func retryAfterInSecondsIsWaitedExactly() async throws {
        _ = try? await client().send(Call(path: "/slow-down"))

        #expect(waits.all == [.seconds(2), .seconds(2)])
    }

    @Test func retryAfterAsADateIsWaitedUntil() async throws {
        _ = try? await client(RetryPolicy(maxDelay: .seconds(600))).send(Call(path: "/slow-down-date"))

        // The wait runs from when the client asked for it to the date the server named, however
        // late a loaded machine let the client read the answer; jitter adds at most 0.25 s, and
        // reading the date the rest.
        let first = try #require(waits.first)
        let date = try #require(retryDate.first)
        let until = first.askedAt.addingTimeInterval(Double(first.wait.components.seconds) + Double(first.wait.components.attoseconds) / 1e18)
        #expect(until.timeIntervalSince(date) >= -0.1 && until.timeIntervalSince(date) <= 1)
        #expect(first.wait > .seconds(60))
    }

    @Test func aRetryAfterLongerThanTheLongestWaitEndsTheRetries() async throws {
        await #expect(throws: UnexpectedResponse.self) { try await client().send(Call(path: "/go-away")) }
        #expect(attempts.count == 1)
        #expect(waits.all.isEmpty)
    }

    @Test func aTransportErrorIsRetriedThenThrown() async throws {
        let refused = Server(scheme: "http", host: "127.0.0.1", port: try closedPort())

        await #expect(throws: (any Error).self) { try await client(server: refused).send(Call()) }
        #expect(waits.all.count == 2)
    }

    @Test func anEndpointsOwnPolicyWins() async throws {
        await #expect(throws: UnexpectedResponse.self) { try await client().send(Call(retry: .never)) }
        #expect(attempts.count == 1)
    }

    @Test func aStrategysOwnPolicyAppliesInFullEvenBeyondTheClients() async throws {
        // The client's default policy retries twice, waiting 100 ms first; the strategy's asks for more.
        let three = RetryPolicy(maxRetries: 3, baseDelay: .milliseconds(7), jitter: 0)
        await #expect(throws: UnexpectedResponse.self) { try await client().send(Call(path: "/broken", retry: three)) }
        #expect(attempts.count == 4)
        #expect(waits.all == [.milliseconds(7), .milliseconds(14), .milliseconds(28)])

        // Its status codes too: a 404 the client's policy never retries.
        let notFoundYet = RetryPolicy(maxRetries: 1, baseDelay: .milliseconds(1), retryableStatusCodes: [404])
        await #expect(throws: UnexpectedResponse.self) { try await client().send(Call(path: "/missing", retry: notFoundYet)) }
        #expect(server.requests.filter { $0.path == "/missing" }.count == 2)
    }

    @Test func aStrategysOwnPolicyRetriesAPostWithItsIdempotencyKey() async throws {
        let policy = RetryPolicy(maxRetries: 3, baseDelay: .milliseconds(1), retryableMethods: [.post], idempotencyKeyHeader: "Idempotency-Key")

        await #expect(throws: UnexpectedResponse.self) { try await client().send(Call(method: .post, path: "/broken", retry: policy)) }

        let keys = server.requests.map { $0.header("Idempotency-Key") }
        #expect(keys.count == 4)
        #expect(Set(keys).count == 1 && keys[0] != nil)
    }

    @Test func aClientThatNeverRetriesSwitchesEveryStrategyOff() async throws {
        let eager = RetryPolicy(maxRetries: 5, baseDelay: .milliseconds(1), retryableMethods: [.get, .post])

        await #expect(throws: UnexpectedResponse.self) { try await client(.never).send(Call(path: "/broken", retry: eager)) }
        await #expect(throws: UnexpectedResponse.self) { try await client(.never).send(Call(method: .post, path: "/broken", retry: eager)) }

        #expect(attempts.count == 2)
        #expect(waits.all.isEmpty)
    }

    @Test func aClientThatDoesntRetryTransportErrorsKeepsEveryStrategyFromIt() async throws {
        let resets = try FaultServer { request in
            request.path == "/reset" ? .resetMidBody(length: 100_000, sent: 100) : .respond(status: 503)
        }
        defer { resets.stop() }
        let target = Server(scheme: "http", host: "127.0.0.1", port: resets.port)
        let strategys = RetryPolicy(maxRetries: 3, baseDelay: .milliseconds(1))
        let noTransportRetries = RetryPolicy(baseDelay: .milliseconds(1), retriesTransportErrors: false)

        await #expect(throws: TransportError.self) {
            try await client(noTransportRetries, server: target).send(Call(path: "/reset", retry: strategys))
        }
        #expect(resets.requests(to: "/reset").count == 1)

        // The strategy's statuses are still retried in full by that client…
        await #expect(throws: UnexpectedResponse.self) {
            try await client(noTransportRetries, server: target).send(Call(path: "/busy", retry: strategys))
        }
        #expect(resets.requests(to: "/busy").count == 4)

        // …and a client that retries transport errors lets the strategy retry the reset.
        await #expect(throws: TransportError.self) { try await client(server: target).send(Call(path: "/reset", retry: strategys)) }
        #expect(resets.requests(to: "/reset").count == 1 + 4)
    }

    @Test func aNegativeRetryAfterIsIgnoredAndTheBackoffApplies() async throws {
        _ = try? await client().send(Call(path: "/negative"))

        #expect(attempts.count == 3)
        #expect(waits.all == [.milliseconds(100), .milliseconds(200)])
    }

    @Test func waitsAfterRetryAfterAreSpreadButNeverShorter() async throws {
        _ = try? await client(RetryPolicy(baseDelay: .seconds(1), jitter: 0.5)).send(Call(path: "/slow-down"))

        #expect(waits.all.count == 2)
        #expect(waits.all.allSatisfy { $0 >= .seconds(2) && $0 < .milliseconds(2500) })
        #expect(waits.all.contains { $0 > .seconds(2) })
    }

    @Test func aRetriedPostCarriesOneIdempotencyKeyPerCall() async throws {
        let policy = RetryPolicy(baseDelay: .milliseconds(1), retryableMethods: [.post], idempotencyKeyHeader: "Idempotency-Key")

        _ = try? await client(policy).send(Call(method: .post, path: "/broken"))
        _ = try? await client(policy).send(Call(method: .post, path: "/broken"))

        let keys = server.requests.map { $0.header("Idempotency-Key") ?? "" }
        #expect(keys.count == 6)
        #expect(Set(keys[0..<3]).count == 1 && Set(keys[3..<6]).count == 1)
        #expect(keys[0] != keys[3] && UUID(uuidString: keys[0]) != nil)
    }

    @Test func onlyTransientTransportErrorsAreRetried() async throws {
        let stub = StubTransport([
            .init(.get, "/lost", failure: TransportError(.connectionLost)),
            .init(.get, "/big", failure: TransportError(.responseTooLarge)),
            .init(.get, "/custom", failure: CancellationError()),
        ])
        let waits = self.waits
        let client = StrategyClient(server: Server(host: "stub.example"), transport: stub, middlewares: [Middleware(RetryMiddleware { waits.append($0) })])

        for path in ["/lost", "/big", "/custom", "/unmatched"] {
            _ = try? await client.send(Call(path: Endpoint.Path(stringLiteral: path)))
        }

        #expect(stub.requests.compactMap(\.request.path) == ["/lost", "/lost", "/lost", "/big", "/custom", "/unmatched"])
    }

    @Test func backoffDoublesUpToTheLongestWaitAndJitterTakesAShare() {
        let policy = RetryPolicy(baseDelay: .milliseconds(100), maxDelay: .milliseconds(350), jitter: 0.5)

        #expect(policy.backoff(beforeRetry: 1, random: 0) == .milliseconds(100))
        #expect(policy.backoff(beforeRetry: 2, random: 0) == .milliseconds(200))
        #expect(policy.backoff(beforeRetry: 3, random: 0) == .milliseconds(350))
        #expect(policy.backoff(beforeRetry: 2, random: 1) == .milliseconds(100))
        #expect(policy.backoff(beforeRetry: 40, random: 0) == .milliseconds(350))
    }

    @Test func cancellingDuringABackoffEndsTheCall() async throws {
        let backoff = Flag()
        let retry = RetryMiddleware(policy: RetryPolicy(baseDelay: .seconds(30), jitter: 0)) { wait in
            backoff.set()
            try await Task.sleep(for: wait)
        }
        let client = StrategyClient(server: server.server(), middlewares: [Middleware(retry)])
        let task = Task { try await client.send(Call(path: "/broken")) }
        // Cancel once the backoff has begun, however slowly the first answer came back.
        try await backoff.wait()
        task.cancel()

        await #expect(throws: CancellationError.self) { try await task.value }
        #expect(attempts.count == 1)
    }
}
