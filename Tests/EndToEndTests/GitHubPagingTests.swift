import Foundation
import StrategyKit
import TestServer
import Testing

/// GitHub's lists page by the `Link` header's `rel="next"`: absolute URLs the client follows,
/// with the token only while they stay on the API's origin.
@Suite struct GitHubPagingTests {
    static func labels(_ names: [String]) -> String {
        "[" + names.map { #"{"id": 1, "name": "\#($0)", "color": "ededed", "default": false}"# }.joined(separator: ",") + "]"
    }

    @Test func labelsComeThroughTheNextLinksWithTheToken() async throws {
        let server = try HTTPTestServer { request in
            let origin = "http://127.0.0.1:\(request.header("Host")?.split(separator: ":").last ?? "")"
            let path = "/repos/apple/swift/issues/1/labels"
            switch request.query("page") {
            case nil:
                return CannedResponse(
                    headers: [("Content-Type", "application/json"), ("Link", #"<\#(origin)\#(path)?per_page=2&page=2>; rel="next", <\#(origin)\#(path)?per_page=2&page=2>; rel="last""#)],
                    body: Data(Self.labels(["bug", "swift"]).utf8)
                )
            default:
                return .json(Self.labels(["good first issue"]))
            }
        }
        let github = GitHubClient.Builder(environment: .custom(server.server())).token(BearerTokenAuthenticator.Token(accessToken: "owner")).build()

        var names: [String] = []
        for try await label in github.listIssueLabelsPages(owner: "apple", repo: "swift", issueNumber: 1, perPage: 2).items {
            names.append(label.name)
        }

        #expect(names == ["bug", "swift", "good first issue"])
        #expect(server.requests.map(\.target) == ["/repos/apple/swift/issues/1/labels?per_page=2", "/repos/apple/swift/issues/1/labels?per_page=2&page=2"])
        #expect(server.requests.allSatisfy { $0.header("Authorization") == "Bearer owner" })
    }

    @Test func aNextLinkToAnotherOriginGoesWithoutTheToken() async throws {
        let elsewhere = try HTTPTestServer { _ in .json(Self.labels(["moved"])) }
        let server = try HTTPTestServer { _ in
            CannedResponse(
                headers: [("Content-Type", "application/json"), ("Link", #"<http://127.0.0.1:\#(elsewhere.port)/labels?page=2>; rel="next""#)],
                body: Data(Self.labels(["bug"]).utf8)
            )
        }
        let github = GitHubClient.Builder(environment: .custom(server.server())).token(BearerTokenAuthenticator.Token(accessToken: "owner")).build()

        var names: [String] = []
        for try await label in github.listIssueLabelsPages(owner: "apple", repo: "swift", issueNumber: 1).items {
            names.append(label.name)
        }

        #expect(names == ["bug", "moved"])
        #expect(server.requests.first?.header("Authorization") == "Bearer owner")
        let moved = try #require(elsewhere.requests.first)
        #expect(moved.header("Authorization") == nil)
    }
}
