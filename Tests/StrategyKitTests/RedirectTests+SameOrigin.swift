import Foundation
import StrategyKit
import TestServer
import Testing

/// A redirect on the API's own origin goes on with every credential, whatever its `Location`
/// says of the query; a redirect to another origin gets none, whatever it says.
extension RedirectTests {
    @Test(arguments: Kind.allCases, Credential.allCases)
    func aCredentialIsAppliedAgainWhenTheLocationLeavesTheQueryOut(kind: Kind, credential: Credential) async throws {
        #expect(try await client(kind, credential).send(Fetch(path: "/same-bare")) == "landed GET")

        let requests = origin.requests
        #expect(requests.map(\.path) == ["/same-bare", "/landing"])
        let landed = try #require(requests.last)
        #expect(credential.isCarried(by: landed))
        // The Location's query is the redirected request's own: only a credential joins it.
        #expect(landed.query == (credential == .apiKeyQuery ? "api_key=query-secret" : nil))
    }

    @Test(arguments: Kind.allCases)
    func aQueryKeyReplacesOneTheLocationNames(kind: Kind) async throws {
        #expect(try await client(kind, .apiKeyQuery).send(Fetch(path: "/same-stale")) == "landed GET")

        let landed = try #require(origin.requests.last)
        #expect(landed.path == "/landing")
        #expect(landed.queryItems == [URLQueryItem(name: "next", value: "1"), URLQueryItem(name: "api_key", value: "query-secret")])
    }

    @Test(arguments: Kind.allCases, Credential.allCases)
    func noCredentialIsAppliedOnAnotherOrigin(kind: Kind, credential: Credential) async throws {
        #expect(try await client(kind, credential).send(Fetch(path: "/same-then-other")) == "landed GET")

        let requests = origin.requests
        #expect(requests.map(\.path) == ["/same-then-other", "/other-bare"])
        #expect(requests.allSatisfy(credential.isCarried))
        let landed = try #require(landing.requests.last)
        #expect(landing.requests.count == 1)
        #expect(landed.query == nil)
        #expect(!credential.isCarried(by: landed))
    }
}
