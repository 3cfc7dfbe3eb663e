import Foundation
import HTTPTypes
import StrategyKit
import Testing

/// `Authenticator.anyOf`: a request goes the first way whose credentials are all there, and only that way.
@Suite struct AlternativeAuthenticatorsTests {
    let request = HTTPRequest(method: .get, scheme: "https", authority: "api.example.com", path: "/items")
    let basic = Authenticator.basic(username: "ada", password: "pw")
    let key = Authenticator.apiKey(name: "X-Key", value: "k1", in: .header)
    let app = Authenticator.apiKey(name: "app_id", value: "a1", in: .query)

    @Test func theFirstWayWithCredentialsIsTheOnlyOneSent() async throws {
        let tokens = BearerTokenAuthenticator(token: .init(accessToken: "t0k"))
        let sent = try await Authenticator.anyOf([[basic], [.bearer(tokens)]]).authenticate(request)

        #expect(sent.headerFields[values: .authorization] == ["Basic " + Data("ada:pw".utf8).base64EncodedString()])
    }

    @Test func aWayMissingOneOfItsSchemesIsPassedOver() async throws {
        let tokens = BearerTokenAuthenticator(token: .init(accessToken: "t0k"))
        let sent = try await Authenticator.anyOf([[key, nil], [nil], [.bearer(tokens)]]).authenticate(request)

        #expect(sent.headerFields[HTTPField.Name("X-Key")!] == nil)
        #expect(sent.headerFields[.authorization] == "Bearer t0k")
    }

    @Test func schemesOfOneWayGoTogether() async throws {
        let sent = try await Authenticator.anyOf([[key, app]]).authenticate(request)

        #expect(sent.headerFields[HTTPField.Name("X-Key")!] == "k1")
        #expect(sent.path == "/items?app_id=a1")
    }

    @Test func aBearerWayWithoutATokenWaitsForOne() async throws {
        let tokens = BearerTokenAuthenticator(token: nil)
        let either = Authenticator.anyOf([[.bearer(tokens)], [nil]])

        await #expect(throws: Authenticator.Failure.self) { try await either.authenticate(request) }
        #expect(await !either.hasCredentials())
        await tokens.setToken(.init(accessToken: "later"))
        #expect(try await either.authenticate(request).headerFields[.authorization] == "Bearer later")
    }

    @Test func anEmptyWaySendsNothingWhenNoOtherHasCredentials() async throws {
        let tokens = BearerTokenAuthenticator(token: nil)
        let sent = try await Authenticator.anyOf([[.bearer(tokens)], []]).authenticate(request)

        #expect(sent.headerFields[.authorization] == nil)
    }
}
