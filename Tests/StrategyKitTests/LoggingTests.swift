import Foundation
import StrategyKit
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

    func client(_ detail: LoggingMiddleware.Detail, secretNames: Set<String> = []) -> StrategyClient {
        let lines = self.lines
        return StrategyClient(server: server.server(), middlewares: [
            DefaultParametersMiddleware(headers: ["Authorization": "Bearer bearer-secret"]),
            LoggingMiddleware(detail: detail, secretNames: secretNames) { lines.append($0) },
        ])
    }

    static let secrets = ["bearer-secret", "cookie-secret", "key-secret", "tok123", "hunter2", "response-secret", "sig-secret"]

    @Test(arguments: [LoggingMiddleware.Detail.summary, .headers, .bodies])
    func secretsNeverAppearInTheLog(detail: LoggingMiddleware.Detail) async throws {
        let client = client(detail, secretNames: ["X-Signature"])
        let headers: HTTPHeaders = ["Cookie": "id=cookie-secret", "X-API-Key": "key-secret", "X-Request-ID": "req-7"]

        try await client.send(Send(), Endpoint(.post, "/login", query: ["access_token": "tok123", "page": 2], headers: headers, body: .form(["user": "ada", "password": "hunter2"])))
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
        let client = StrategyClient(server: refused, middlewares: [LoggingMiddleware(detail: .summary) { lines.append($0) }])

        _ = try? await client.send(Send(), Endpoint(.get, "/down"))

        #expect(lines.text.contains("✕ GET http://127.0.0.1:"))
        #expect(lines.text.contains("/down failed after"))
    }
}

/// A loopback port nothing listens on.
func closedPort() throws -> Int {
    let server = try HTTPTestServer { _ in CannedResponse() }
    server.stop()
    return server.port
}
