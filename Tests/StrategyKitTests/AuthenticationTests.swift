import Foundation
import StrategyKit
import TestServer
import Testing

/// The built-in authenticators through a client, against a server that checks and counts.
@Suite struct AuthenticationTests {
    struct WhoAmI: Strategy {
        typealias Output = String
        var filter: Middleware.Filter = .all

        var middlewareFilter: Middleware.Filter { filter }

        func endpoint(for input: Void) -> Endpoint {
            Endpoint(.get, "/whoami")
        }

        func output(from response: HTTPResponse, body: Data, decoder: JSONDecoder) throws -> String {
            String(decoding: body, as: UTF8.self)
        }
    }

    /// The server's record of valid tokens and refreshes.
    final class Tokens: Sendable {
        private let lock = NSLock()
        nonisolated(unsafe) private var current = "token-1"
        nonisolated(unsafe) private var refreshFails = false
        let refreshes = Counter()

        var valid: String { lock.withLock { current } }

        func failRefreshes(_ fail: Bool) { lock.withLock { refreshFails = fail } }

        /// A new token, or `nil` when refreshing is set to fail.
        func refresh() -> String? {
            lock.withLock {
                guard !refreshFails else { return nil }
                current = "token-\(Int(current.dropFirst(6))! + 1)"
                return current
            }
        }
    }

    let server: HTTPTestServer
    let tokens = Tokens()
    let otpCalls = Counter()

    init() throws {
        let tokens = self.tokens
        server = try HTTPTestServer { request in
            switch request.path {
            case "/refresh":
                tokens.refreshes.increment()
                return tokens.refresh().map { .text($0) } ?? .text("refresh failed", status: 500)
            case "/whoami":
                let authorization = request.header("Authorization") ?? ""
                if authorization == "Bearer \(tokens.valid)" { return .text("bearer") }
                if authorization == "Basic " + Data("ada:lovelace".utf8).base64EncodedString() { return .text("basic") }
                if let key = request.header("X-API-Key") ?? request.query("api_key") { return .text("key \(key)") }
                if let otp = request.header("X-OTP") { return otp == "2" ? .text("otp") : CannedResponse(status: 401) }
                if authorization.hasPrefix("Basic ") {
                    // A server that asks for Basic credentials says so in a challenge (RFC 7617).
                    return CannedResponse(status: 401, headers: [("WWW-Authenticate", #"Basic realm="whoami""#)], body: Data("who?".utf8))
                }
                return authorization.isEmpty ? .text("anonymous") : CannedResponse(status: 401)
            default:
                return CannedResponse(status: 404)
            }
        }
    }

    func client(_ authenticator: Authenticator, maxReplays: Int = 1) -> StrategyClient {
        StrategyClient(server: server.server(), middlewares: [.authentication(authenticator, maxReplays: maxReplays)])
    }

    func client(_ tokens: BearerTokenAuthenticator, maxReplays: Int = 1) -> StrategyClient {
        client(.bearer(tokens), maxReplays: maxReplays)
    }

    /// A bearer authenticator that renews through the server's `/refresh`; with `rejections`,
    /// only once that many rejections have come back, so every concurrent request's 401
    /// arrives while the renewal is under way.
    func bearer(_ token: BearerTokenAuthenticator.Token?, after rejections: (counter: Counter, count: Int)? = nil) -> BearerTokenAuthenticator {
        let refreshURL = URL(string: "http://127.0.0.1:\(server.port)/refresh")!
        return BearerTokenAuthenticator(token: token) { _ in
            if let rejections { try await rejections.counter.reach(rejections.count) }
            let (response, body) = try await URLSessionTransport().send(HTTPRequest(method: .post, url: refreshURL))
            guard response.status.code == 200 else { throw UnexpectedResponse(response: response, body: body) }
            return BearerTokenAuthenticator.Token(accessToken: String(decoding: body, as: UTF8.self), refreshToken: "r", expiresIn: 3600)
        }
    }

    @Test func bearerTokenIsSentAsAnAuthorizationHeader() async throws {
        let who = try await client(bearer(BearerTokenAuthenticator.Token(accessToken: "token-1"))).send(WhoAmI())

        #expect(who == "bearer")
        #expect(tokens.refreshes.count == 0)
    }

    @Test func anExpiredTokenIsRenewedBeforeTheRequestIsSent() async throws {
        let expired = BearerTokenAuthenticator.Token(accessToken: "token-1", refreshToken: "r", expiresAt: Date(timeIntervalSinceNow: -60))
        let authenticator = bearer(expired)

        let who = try await client(authenticator).send(WhoAmI())

        #expect(who == "bearer")
        #expect(tokens.refreshes.count == 1)
        #expect(server.requests.filter { $0.path == "/whoami" }.map { $0.header("Authorization") } == ["Bearer token-2"])
        #expect(await authenticator.token?.accessToken == "token-2")
    }

    @Test func concurrentRejectionsCauseOneRefreshAndEveryRequestIsReplayed() async throws {
        _ = tokens.refresh()  // token-1 is stale now
        let rejections = Counter()
        let bearer = bearer(BearerTokenAuthenticator.Token(accessToken: "token-1", refreshToken: "r"), after: (rejections, 20))
        let client = client(countingRejections(of: .bearer(bearer), in: rejections))

        let answers = try await withThrowingTaskGroup(of: String.self) { group in
            for _ in 0..<20 { group.addTask { try await client.send(WhoAmI()) } }
            return try await group.reduce(into: []) { $0.append($1) }
        }

        #expect(answers == Array(repeating: "bearer", count: 20))
        #expect(tokens.refreshes.count == 1)
        let replays = server.requests.filter { $0.path == "/whoami" && $0.header("Authorization") != "Bearer token-1" }
        #expect(replays.count == 20)
        #expect(Set(replays.map { $0.header("Authorization") }) == ["Bearer token-3"])
    }

    @Test func aFailedRefreshFailsEveryWaitingRequestAndALaterOneMayTryAgain() async throws {
        _ = tokens.refresh()
        tokens.failRefreshes(true)
        let rejections = Counter()
        let bearer = bearer(BearerTokenAuthenticator.Token(accessToken: "token-1", refreshToken: "r"), after: (rejections, 20))
        let client = client(countingRejections(of: .bearer(bearer), in: rejections))

        let failures = await withTaskGroup(of: Bool.self) { group in
            for _ in 0..<20 {
                group.addTask {
                    do {
                        _ = try await client.send(WhoAmI())
                        return false
                    } catch Authenticator.Failure.renewalFailed {
                        return true
                    } catch {
                        return false
                    }
                }
            }
            return await group.reduce(0) { $0 + ($1 ? 1 : 0) }
        }
        #expect(failures == 20)
        #expect(tokens.refreshes.count == 1)

        tokens.failRefreshes(false)
        #expect(try await client.send(WhoAmI()) == "bearer")
        #expect(tokens.refreshes.count == 2)
    }

    @Test func replaysAreBounded() async throws {
        let client = client(Authenticator.header("X-OTP") { "wrong" }, maxReplays: 2)

        await #expect(throws: UnexpectedResponse.self) { try await client.send(WhoAmI()) }
        #expect(server.requests.count == 1)  // a header token can't be renewed, so nothing is replayed
    }

    @Test func aRenewableTokenIsReplayedAtMostMaxReplaysTimes() async throws {
        tokens.failRefreshes(false)
        let stubborn = BearerTokenAuthenticator(token: BearerTokenAuthenticator.Token(accessToken: "never-valid")) { _ in
            BearerTokenAuthenticator.Token(accessToken: "still-invalid-\(UUID().uuidString)")
        }

        await #expect(throws: UnexpectedResponse.self) { try await client(stubborn, maxReplays: 2).send(WhoAmI()) }
        #expect(server.requests.filter { $0.path == "/whoami" }.count == 3)
    }

    @Test func noTokenIsAnErrorBeforeAnythingIsSent() async throws {
        await #expect(throws: Authenticator.Failure.self) { try await client(bearer(nil)).send(WhoAmI()) }
        #expect(server.requests.isEmpty)
    }

    @Test func apiKeyGoesInAHeaderOrTheQuery() async throws {
        let header = try await client(Authenticator.apiKey(name: "X-API-Key", value: "k1", in: .header)).send(WhoAmI())
        let query = try await client(Authenticator.apiKey(name: "api_key", value: "k 2&x", in: .query)).send(WhoAmI())

        #expect(header == "key k1")
        #expect(query == "key k 2&x")
        #expect(server.requests.last?.query == "api_key=k%202%26x")
    }

    @Test func basicSendsTheEncodedUserAndPassword() async throws {
        #expect(try await client(Authenticator.basic(username: "ada", password: "lovelace")).send(WhoAmI()) == "basic")
    }

    /// A refused credential comes back as the server's 401 at once, challenge and all, not at
    /// the deadline.
    @Test func aRejectedBasicCredentialIsTheServersAnswerAtOnce() async throws {
        let client = StrategyClient(
            server: server.server(),
            middlewares: [.authentication(.basic(username: "ada", password: "babbage"))],
            limits: StrategyClient.Limits(timeout: 5)
        )

        let error = await #expect(throws: UnexpectedResponse.self) { try await client.send(WhoAmI()) }

        #expect(error?.response.status.code == 401)
        #expect(error?.body == Data("who?".utf8))
    }

    @Test func aHeaderTokenIsAskedForAnewForEveryRequest() async throws {
        let calls = otpCalls
        let client = client(Authenticator.header("X-OTP") { String(calls.increment()) })

        _ = try? await client.send(WhoAmI())
        let second = try await client.send(WhoAmI())

        #expect(second == "otp")
        #expect(server.requests.map { $0.header("X-OTP") } == ["1", "2"])
    }

    @Test func aCredentialThatWouldSplitTheRequestIsRejectedAndNeverSent() async throws {
        let client = client(Authenticator.header("X-OTP") { "123\r\nX-Admin: yes" })

        await #expect(throws: RequestBuildingError.invalidHeaderValue(name: "X-OTP")) { try await client.send(WhoAmI()) }
        #expect(server.requests.isEmpty)
    }

    @Test func aStrategyThatOptsOutSendsNoCredentials() async throws {
        let who = try await client(Authenticator.basic(username: "ada", password: "lovelace"))
            .send(WhoAmI(filter: .excluding(["authentication"])))

        #expect(who == "anonymous")
    }
}
