import Foundation
@_spi(Generated) import StrategyKit
import TestServer
import Testing

/// The client generated from `specs/accounts.yaml`: a login that returns a session token,
/// authenticated calls with it, and one refresh for any number of callers whose token expired.
@Suite struct AccountsClientTests {
    /// The server's side: which access token is valid now, and how often it was renewed.
    final class Sessions: Sendable {
        private let lock = NSLock()
        nonisolated(unsafe) private var generation = 1
        let refreshes = Counter()

        var accessToken: String { lock.withLock { "access-\(generation)" } }
        var refreshToken: String { lock.withLock { "refresh-\(generation)" } }

        /// Replaces the tokens if `refreshToken` is the current one.
        func renew(_ refreshToken: String) -> Bool {
            lock.withLock {
                guard refreshToken == "refresh-\(generation)" else { return false }
                generation += 1
                return true
            }
        }

        var sessionJSON: String {
            #"{"access_token": "\#(accessToken)", "refresh_token": "\#(refreshToken)", "expires_in": 3600}"#
        }
    }

    let server: HTTPTestServer
    let sessions = Sessions()
    let accounts: AccountsClient

    init() throws {
        let sessions = self.sessions
        server = try HTTPTestServer { request in
            switch (request.method, request.path) {
            case ("POST", "/api/login"):
                guard request.header("Authorization") == nil else { return .json(#"{"error": "login takes no token"}"#, status: 400) }
                guard request.form == ["username": "ada", "password": "analytical engine"] else {
                    return .json(#"{"error": "wrong password"}"#, status: 401)
                }
                return .json(sessions.sessionJSON)
            case ("POST", "/api/token"):
                sessions.refreshes.increment()
                try? await Task.sleep(for: .milliseconds(100))
                guard sessions.renew(request.form["refresh_token"] ?? "") else { return .json(#"{"error": "stale refresh token"}"#, status: 400) }
                return .json(sessions.sessionJSON)
            case ("GET", "/api/me"):
                if request.header("X-Client-Version") == "1.0" { return CannedResponse(status: 501) }
                guard request.header("Authorization") == "Bearer \(sessions.accessToken)" else { return CannedResponse(status: 401) }
                return .json(#"{"id": 1, "email": "ada@example.com", "display_name": "Ada", "created_at": "1815-12-10T00:00:00Z"}"#)
            default:
                return CannedResponse(status: 404)
            }
        }
        accounts = AccountsClient(environment: .custom(server.server(basePath: "/api")))
    }

    @Test func signingInKeepsTheTokenForLaterCalls() async throws {
        let session = try await accounts.login(username: "ada", password: "analytical engine")
        let profile = try await accounts.getProfile()

        #expect(session.accessToken == "access-1")
        #expect(profile.displayName == "Ada")
        #expect(server.requests.last?.header("Authorization") == "Bearer access-1")
        #expect(await accounts.session.token?.accessToken == "access-1")
    }

    @Test func aWrongPasswordIsInvalidCredentials() async throws {
        #expect(await failure(AccountError.self) {
            try await accounts.login(username: "ada", password: "difference engine")
        }?.api == AccountError.invalidCredentials)
    }

    @Test func aRejectedTokenIsRenewedOnceForEveryConcurrentCaller() async throws {
        _ = try await accounts.login(username: "ada", password: "analytical engine")
        #expect(sessions.renew("refresh-1"))  // the server moves on: access-1 is now stale
        await accounts.session.setToken(BearerTokenAuthenticator.Token(accessToken: "access-1", refreshToken: "refresh-2"))

        let names = try await withThrowingTaskGroup(of: String.self) { group in
            for _ in 0..<10 {
                group.addTask { try await accounts.getProfile().displayName }
            }
            return try await group.reduce(into: []) { $0.append($1) }
        }

        #expect(names == Array(repeating: "Ada", count: 10))
        #expect(sessions.refreshes.count == 1)
        #expect(await accounts.session.token?.accessToken == "access-3")
    }

    @Test func aFailedRenewalFailsTheCallWithAnAuthenticationError() async throws {
        await accounts.session.setToken(BearerTokenAuthenticator.Token(accessToken: "stale", refreshToken: "unknown"))

        #expect(await failure(AccountError.self) {
            try await accounts.getProfile()
        }?.underlying is Authenticator.Failure)
        #expect(sessions.refreshes.count == 1)
    }

    @Test func anOutdatedAppIsToldToUpdate() async throws {
        let outdated = AccountsClient.Builder(environment: .custom(server.server(basePath: "/api")))
            .middleware(.defaultParameters(headers: ["X-Client-Version": "1.0"]))
            .session(BearerTokenAuthenticator.Token(accessToken: "anything"))
            .build()

        #expect(await failure(AccountError.self) {
            try await outdated.getProfile()
        }?.api == AccountError.appUpdateRequired)
    }

    @Test func aStubbedClientAnswersTheProfileFromTheSpec() async throws {
        let profile = try await AccountsClient.stubbed().getProfile()

        #expect(profile.email == "ada@example.com")
        #expect(profile.createdAt == Date(timeIntervalSince1970: 1_714_564_800))
    }
}
