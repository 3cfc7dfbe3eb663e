import Foundation
@testable import StrategyKit
import TestServer
import Testing

/// Secret-looking names are redacted by pattern, in headers, query items and bodies alike.
@Suite struct RedactionPatternTests {
    struct Send: Strategy {
        typealias Output = Void
        func endpoint(for input: Endpoint) -> Endpoint { input }
    }

    static let secretNames = [
        "accessToken", "access_token", "id_token", "idToken", "jwt", "X-Auth-Token", "sessionToken", "otp", "sig",
        "client-secret", "refreshToken", "X-API-Key", "apiKey", "passcode", "SessionId",
    ]
    static let plainNames = ["name", "count", "page", "expires_in", "status", "message"]

    @Test(arguments: secretNames)
    func aSecretLookingNameIsRedactedEverywhere(name: String) async throws {
        let server = try HTTPTestServer { _ in
            .json(#"{"\#(name)": "response-value-1234", "name": "Ada"}"#)
        }
        let lines = LoggingTests.Lines()
        let client = StrategyClient(server: server.server(), middlewares: [.logging(detail: .bodies) { lines.append($0) }])

        try await client.send(Send(), Endpoint(
            .post, "/items",
            query: [name: "query-value-1234"],
            headers: [name: "header-value-1234"],
            body: .data(Data(#"{"\#(name)": "body-value-1234", "note": "kept"}"#.utf8), contentType: "application/json")
        ))

        for value in ["query-value", "header-value", "body-value", "response-value"] {
            #expect(!lines.text.contains(value), "\(value) of \(name) leaked")
        }
        #expect(lines.text.contains("kept") && lines.text.contains("Ada"))
    }

    @Test func plainNamesAreNotSecret() {
        for name in Self.plainNames { #expect(!LoggingMiddleware.looksSecret(name), "\(name)") }
        for name in Self.secretNames { #expect(LoggingMiddleware.looksSecret(name), "\(name)") }
    }
}
