import Foundation
import StrategyKit
import TestServer
import Testing

/// A strategy's cookies and an API key in a cookie share one `Cookie` header on the wire; the key
/// goes only to the API's own server.
@Suite struct CookieTests {
    struct GetCart: Strategy {
        typealias Output = Void
        var theme: String?
        var url: URL?

        func endpoint(for input: Void) -> Endpoint {
            let cookies: KeyValuePairs<String, (any LosslessStringConvertible)?> = ["theme": theme, "visits": 3]
            if let url { return Endpoint(.get, url: url, cookies: cookies) }
            return Endpoint(.get, "/cart", cookies: cookies)
        }
    }

    let server: HTTPTestServer
    let client: StrategyClient

    init() throws {
        server = try HTTPTestServer { _ in CannedResponse(status: 204) }
        client = StrategyClient(
            server: server.server(),
            middlewares: [.authentication(.apiKey(name: "session", value: "s1", in: .cookie))]
        )
    }

    @Test func aStrategysCookiesAndAnAPIKeyCookieGoInOneHeader() async throws {
        try await client.send(GetCart(theme: "dark"))
        try await client.send(GetCart(theme: nil))

        #expect(server.requests.map { $0.header("Cookie") } == ["theme=dark; visits=3; session=s1", "visits=3; session=s1"])
    }

    @Test func theAPIKeyCookieNeverGoesToAnotherOrigin() async throws {
        let other = try HTTPTestServer { _ in CannedResponse(status: 204) }

        try await client.send(GetCart(theme: "dark", url: URL(string: "http://127.0.0.1:\(other.port)/cart")!))

        #expect(other.requests.map { $0.header("Cookie") } == ["theme=dark; visits=3"])
        #expect(server.requests.isEmpty)
    }

    @Test func aValueACookieCantHoldIsRefusedAndNothingIsSent() async throws {
        for value in ["a;b", "two words", "caf\u{E9}", "say \"hi\"", "a,b"] {
            await #expect(throws: RequestBuildingError.invalidCookie(name: "theme")) { try await client.send(GetCart(theme: value)) }
        }
        #expect(server.requests.isEmpty)
    }
}
