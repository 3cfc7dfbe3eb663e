import Foundation
@_spi(Generated) import StrategyKit
import TestServer
import Testing

/// Logs say what happened and never print a credential.
@Suite struct LoggingTests {
    struct Send: Strategy {
        typealias Output = Void

        func endpoint(for input: Endpoint) -> Endpoint { input }
    }

    /// The lines logged, shared with the logging closure.
    final class Lines: Sendable {
        private let lock = NSLock()
        nonisolated(unsafe) private var lines: [String] = []
        func append(_ line: String) { lock.withLock { lines.append(line) } }
        var text: String { lock.withLock { lines.joined(separator: "\n") } }
    }

    let server: HTTPTestServer
    let lines = Lines()

    init() throws {
        server = try HTTPTestServer { request in
            CannedResponse(status: 200, headers: [("Set-Cookie", "session=cookie-secret"), ("X-Trace", "t-1")], body: Data(#"{"ok": true, "token": "response-secret"}"#.utf8))
        }
    }

    func client(_ detail: Middleware.LogDetail, secretNames: Set<String> = []) -> StrategyClient {
        let lines = self.lines
        return StrategyClient(server: server.server(), middlewares: [
            .defaultParameters(headers: ["Authorization": "Bearer bearer-secret"]),
            .logging(detail: detail, secretNames: secretNames) { lines.append($0) },
        ])
    }

    static let secrets = ["bearer-secret", "cookie-secret", "key-secret", "tok123", "hunter2", "response-secret", "sig-secret"]

    @Test(arguments: [Middleware.LogDetail.summary, .headers, .bodies])
    func secretsNeverAppearInTheLog(detail: Middleware.LogDetail) async throws {
        let client = client(detail, secretNames: ["X-Signature"])
        try await client.send(Send(), Endpoint(.post, "/login", query: ["access_token": "tok123", "page": 2], headers: ["Cookie": "id=cookie-secret", "X-API-Key": "key-secret", "X-Request-ID": "req-7"], body: .form(["user": "ada", "password": "hunter2"])))
        try await client.send(Send(), Endpoint(.post, "/json", query: ["x-signature": "sig-secret"], body: try .json(["user": "ada", "password": "hunter2"])))

        let log = lines.text
        for secret in Self.secrets {
            #expect(!log.contains(secret), "\(secret) is in the log:\n\(log)")
        }
        #expect(log.contains("→ POST http://127.0.0.1:\(server.port)/login?access_token=%3Credacted%3E&page=2 [Send]"))
        #expect(log.contains("← 200 POST"))
    }

    @Test func headersAreLoggedWithSecretsRedacted() async throws {
        try await client(.headers).send(Send(), Endpoint(.get, "/a", headers: ["X-Request-ID": "req-7", "Cookie": "id=cookie-secret"]))

        let log = lines.text
        #expect(log.contains("  Authorization: <redacted>"))
        #expect(log.contains("  Cookie: <redacted>"))
        #expect(log.contains("  X-Request-ID: req-7"))
        #expect(log.contains("  Set-Cookie: <redacted>") || log.contains("  set-cookie: <redacted>"))
        #expect(!log.contains("{\"ok\""))
    }

    @Test func bodiesAreLoggedWithSecretFieldsRedacted() async throws {
        try await client(.bodies).send(Send(), Endpoint(.post, "/login", body: .form(["user": "ada", "password": "hunter2"])))

        let log = lines.text
        #expect(log.contains("  user=ada&password=<redacted>"))
        #expect(log.contains(#"  {"ok":true,"token":"<redacted>"}"#))
    }

    @Test func failuresAreLoggedWithTheError() async throws {
        let lines = self.lines
        let refused = Server(scheme: "http", host: "127.0.0.1", port: try closedPort())
        let client = StrategyClient(server: refused, middlewares: [.logging(detail: .summary) { lines.append($0) }])

        _ = try? await client.send(Send(), Endpoint(.get, "/down"))

        #expect(lines.text.contains("✕ GET http://127.0.0.1:"))
        #expect(lines.text.contains("/down failed after"))
    }
}

/// A loopback port nothing listens on.
func closedPort() throws -> Int {
    try refusingPort.get().port
}

/// A port that refuses connections, reserved for the whole test run so no server takes it.
private let refusingPort = Result { try RefusingPort() }

/// Credentials an authenticator adds, under names no default covers, and secrets that an
/// error's description repeats.
@Suite struct CredentialRedactionTests {
    struct Send: Strategy {
        typealias Output = Void

        func endpoint(for input: Endpoint) -> Endpoint { input }
    }

    /// Fails every request with a description that repeats its URL and headers, as
    /// Foundation's URL errors repeat the failing URL.
    struct ChattyFailingTransport: Transport {
        struct Failure: Error, CustomStringConvertible {
            var description: String
        }

        func send(_ request: HTTPRequest, body: Data?, limits: StrategyClient.Limits) async throws -> (HTTPResponse, Data) {
            let headers = request.headerFields.map { "\($0.name)=\($0.value)" }.joined(separator: ", ")
            throw Failure(description: "could not reach \(request.url?.absoluteString ?? "") (headers: \(headers))")
        }
    }

    let lines = LoggingTests.Lines()

    func middlewares() -> [Middleware] {
        let lines = self.lines
        return [
            .authentication(.apiKey(name: "appid", value: "appid-secret-7", in: .query), name: "key"),
            .authentication(.header("X-OTP") { "otp-secret-991" }, name: "otp"),
            .authentication(.bearer(BearerTokenAuthenticator(token: BearerTokenAuthenticator.Token(accessToken: "bearer-secret-3")) { _ in
                BearerTokenAuthenticator.Token(accessToken: "renewed")
            })),
            .logging(detail: .headers) { lines.append($0) },
        ]
    }

    @Test func namesAnAuthenticatorMarksAreRedactedThoughNoDefaultCoversThem() async throws {
        let server = try HTTPTestServer { _ in .json("{}") }
        let client = StrategyClient(server: server.server(), middlewares: middlewares())

        try await client.send(Send(), Endpoint(.get, "/items", query: ["page": 2]))

        let received = try #require(server.requests.last)
        #expect(received.query("appid") == "appid-secret-7")
        #expect(received.header("X-OTP") == "otp-secret-991")
        let log = lines.text
        for secret in ["appid-secret-7", "otp-secret-991", "bearer-secret-3"] {
            #expect(!log.contains(secret), "\(secret) is in the log:\n\(log)")
        }
        #expect(log.contains("/items?page=2&appid=%3Credacted%3E"))
        #expect(log.contains("  X-OTP: <redacted>"))
    }

    @Test func anErrorThatRepeatsTheRequestIsLoggedWithItsSecretsReplaced() async throws {
        let client = StrategyClient(server: Server(host: "api.example.com"), transport: ChattyFailingTransport(), middlewares: middlewares())

        await #expect(throws: ChattyFailingTransport.Failure.self) {
            try await client.send(Send(), Endpoint(.get, "/items", query: ["access_token": "token-secret-5"]))
        }

        let log = lines.text
        let failure = try #require(log.split(separator: "\n").first { $0.hasPrefix("✕") })
        for secret in ["appid-secret-7", "otp-secret-991", "bearer-secret-3", "token-secret-5"] {
            #expect(!log.contains(secret), "\(secret) is in the log:\n\(log)")
        }
        #expect(failure.contains("could not reach https://api.example.com/items?access_token=%3Credacted%3E&appid=%3Credacted%3E"))
        #expect(failure.contains("X-OTP=<redacted>"))
        #expect(failure.contains("Authorization=<redacted>"))
    }
}
