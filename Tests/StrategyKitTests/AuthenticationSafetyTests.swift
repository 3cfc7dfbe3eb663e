import Foundation
import StrategyKit
import TestServer
import Testing

/// Renewal that can't hang, can't be waited on by a cancelled caller, isn't run on every call
/// for a short-lived token, and never puts the refresh token into text.
@Suite struct AuthenticationSafetyTests {
    struct WhoAmI: Strategy {
        typealias Output = String
        func endpoint(for input: Void) -> Endpoint { Endpoint(.get, "/whoami") }
        func output(from response: HTTPResponse, body: Data, decoder: JSONDecoder) throws -> String {
            String(decoding: body, as: UTF8.self)
        }
    }

    /// A refresh that forgot to exclude `authentication`: it goes through the same authenticator.
    struct Refresh: Strategy {
        typealias Output = String
        var refreshToken: String
        func endpoint(for input: Void) -> Endpoint { Endpoint(.post, "/refresh", body: .data(Data(refreshToken.utf8))) }
        func output(from response: HTTPResponse, body: Data, decoder: JSONDecoder) throws -> String {
            String(decoding: body, as: UTF8.self)
        }
    }

    let server: HTTPTestServer

    init() throws {
        server = try HTTPTestServer { request in
            switch request.path {
            case "/refresh": return .text("fresh")
            case "/whoami": return request.header("Authorization") == "Bearer fresh" ? .text("me") : .text("no", status: 401)
            default: return .text("?", status: 404)
            }
        }
    }

    @Test func aRefreshSentThroughItsOwnAuthenticatorDoesNotWaitOnItself() async throws {
        let holder = ClientHolder()
        let authenticator = BearerTokenAuthenticator(token: BearerTokenAuthenticator.Token(accessToken: "stale", refreshToken: "r-1", expiresIn: -1)) { old in
            let client = try #require(holder.client)
            return BearerTokenAuthenticator.Token(accessToken: try await client.send(Refresh(refreshToken: old.refreshToken ?? "")), expiresIn: 3600)
        }
        let client = StrategyClient(server: server.server(), middlewares: [.authentication(.bearer(authenticator))])
        holder.client = client

        let answer = try await withDeadline(seconds: 20) { try await client.send(WhoAmI()) }

        #expect(answer == "me")
        let refresh = try #require(server.requests.first { $0.path == "/refresh" })
        #expect(refresh.header("Authorization") == nil)
        #expect(server.requests.last?.header("Authorization") == "Bearer fresh")
    }

    @Test func aCallerCancelledDuringARenewalStopsWaitingAndIsNotReplayed() async throws {
        let started = Flag()
        let release = Flag()
        let finished = Flag()
        let authenticator = BearerTokenAuthenticator(token: BearerTokenAuthenticator.Token(accessToken: "old")) { _ in
            started.set()
            // Runs until the test lets it end, so the caller can only have ended by not
            // waiting for it.
            try? await release.wait()
            finished.set()
            return BearerTokenAuthenticator.Token(accessToken: "fresh")
        }
        let client = StrategyClient(server: server.server(), middlewares: [.authentication(.bearer(authenticator))])
        let call = Task { try await client.send(WhoAmI()) }
        try await started.wait()

        call.cancel()
        let result = await call.result

        #expect(!finished.isSet)  // the call ended while the renewal still ran
        #expect(throws: CancellationError.self) { try result.get() }
        release.set()
        try await finished.wait()
        // The call has ended, so nothing is left that could replay its request.
        #expect(server.requests.count == 1)
    }

    @Test func cancellingTheCallerThatStartedARenewalLeavesItSingleFlight() async throws {
        let refreshes = Counter()
        let rejections = Counter()
        let release = Flag()
        let bearer = BearerTokenAuthenticator(token: BearerTokenAuthenticator.Token(accessToken: "old")) { _ in
            refreshes.increment()
            try? await release.wait()
            return BearerTokenAuthenticator.Token(accessToken: "fresh")
        }
        let authenticator = countingRejections(of: .bearer(bearer), in: rejections)
        let client = StrategyClient(server: server.server(), middlewares: [.authentication(authenticator)])
        let first = Task { try await client.send(WhoAmI()) }
        try await refreshes.reach(1)

        first.cancel()
        _ = await first.result
        let second = Task { try await client.send(WhoAmI()) }
        let third = Task { try await client.send(WhoAmI()) }
        try await rejections.reach(3)  // their 401s are back; they join the renewal
        release.set()

        #expect(try await second.value == "me")
        #expect(try await third.value == "me")
        #expect(refreshes.count == 1)
    }

    @Test func aTokenShorterLivedThanTheLeewayIsUsedNotRenewedEachCall() async throws {
        let refreshes = Counter()
        // A leeway longer than the token's life; the life is long enough that no loaded machine
        // gets through half of it during the test.
        let authenticator = BearerTokenAuthenticator(token: BearerTokenAuthenticator.Token(accessToken: "fresh", expiresIn: 600), leeway: 3600) { _ in
            refreshes.increment()
            return BearerTokenAuthenticator.Token(accessToken: "fresh", expiresIn: 600)
        }
        let client = StrategyClient(server: server.server(), middlewares: [.authentication(.bearer(authenticator))])

        for _ in 0..<5 { #expect(try await client.send(WhoAmI()) == "me") }

        #expect(refreshes.count == 0)
    }

    @Test func aFailedRenewalNeverRepeatsTheRefreshTokenInItsDescription() async throws {
        struct Unreachable: Error, CustomStringConvertible {
            var description: String
        }
        let authenticator = BearerTokenAuthenticator(token: BearerTokenAuthenticator.Token(accessToken: "old", refreshToken: "rt-SECRET-42")) { old in
            throw Unreachable(description: "could not reach https://auth.example/token?refresh_token=\(old.refreshToken ?? "")")
        }
        let lines = LoggingTests.Lines()
        let client = StrategyClient(server: server.server(), middlewares: [
            .logging(detail: .bodies) { lines.append($0) },  // outermost: it sees the renewal's failure
            .authentication(.bearer(authenticator)),
        ])

        let error = await #expect(throws: Authenticator.Failure.self) { try await client.send(WhoAmI()) }

        let description = try #require(error?.description)
        #expect(!description.contains("rt-SECRET-42"))
        #expect(!lines.text.contains("rt-SECRET-42"))
        #expect(lines.text.contains("renewing the credentials failed"))
        #expect(description.contains("Unreachable"))
        #expect((error?.underlying as? Unreachable) != nil)
    }
}

/// Counts the rejections an authenticator is asked to renew after, then asks it.
func countingRejections(of base: Authenticator, in rejections: Counter) -> Authenticator {
    Authenticator(
        authenticate: { try await base.authenticate($0) },
        isRejection: { base.isRejection($0) },
        renew: { request in
            rejections.increment()
            return try await base.renew(afterRejectionOf: request)
        }
    )
}

/// Lets a refresh closure reach the client built after it.
final class ClientHolder: Sendable {
    private let lock = NSLock()
    nonisolated(unsafe) private var stored: StrategyClient?

    var client: StrategyClient? {
        get { lock.withLock { stored } }
        set { lock.withLock { stored = newValue } }
    }
}
