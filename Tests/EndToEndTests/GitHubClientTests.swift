import Foundation
import StrategyKit
import TestServer
import Testing

/// The client generated from `specs/github.yaml`: a response of one of two shapes, labels that
/// are a name or an object, a milestone removed by sending `null`, free-form JSON kept as it
/// came and sent back unchanged.
@Suite struct GitHubClientTests {
    let server: HTTPTestServer
    let github: GitHubClient

    static let issue = #"""
        {"number": 1347, "title": "Found a bug", "body": null, "state": "open", "state_reason": null,
         "labels": ["bug", {"id": 208045946, "name": "enhancement", "color": "a2eeef", "description": null, "default": false}],
         "milestone": {"number": 1, "title": "v1.0", "state": "open", "due_on": null},
         "closed_at": null, "created_at": "2011-04-22T13:33:48Z"}
        """#

    init() throws {
        server = try HTTPTestServer { request in
            switch (request.method, request.path) {
            case ("GET", "/user") where request.header("Authorization") == "Bearer owner":
                .json(#"{"login": "octocat", "id": 1, "name": null, "type": "User", "site_admin": false, "private_gists": 81, "total_private_repos": 100, "two_factor_authentication": true}"#)
            case ("GET", "/user"):
                .json(#"{"login": "octocat", "id": 1, "name": "The Octocat", "type": "User", "site_admin": false}"#)
            case ("GET", "/repos/octocat/hello/issues/1347"), ("PATCH", "/repos/octocat/hello/issues/1347"):
                .json(Self.issue)
            case ("GET", "/repos/octocat/hello"):
                .json(#"{"id": 1296269, "full_name": "octocat/hello", "private": false, "custom_properties": {"team": "web", "tier": 2, "ratio": 0.5, "owners": ["a", {"b": null}], "archived": true}}"#)
            case ("GET", "/repos/octocat/hello/issues"):
                switch request.header("Authorization") {
                case "Bearer spent":
                    CannedResponse(status: 403, headers: [("Content-Type", "application/json"), ("X-RateLimit-Remaining", "0")], body: Data(#"{"message": "API rate limit exceeded"}"#.utf8))
                case "Bearer outsider":
                    CannedResponse(status: 403, headers: [("Content-Type", "application/json"), ("X-RateLimit-Remaining", "59")], body: Data(#"{"message": "Resource not accessible"}"#.utf8))
                default:
                    CannedResponse(
                        status: 200,
                        headers: [("Content-Type", "application/json"), ("X-RateLimit-Remaining", "4999"), ("Link", #"<https://api.github.com/repositories/1/issues?page=2>; rel="next""#)],
                        body: Data("[\(Self.issue)]".utf8)
                    )
                }
            case ("GET", let path) where path.hasPrefix("/repos/octocat/hello/contents/"):
                .json(#"{"name": "README.md", "path": "\#(path.dropFirst("/repos/octocat/hello/contents/".count))", "size": 12}"#)
            case ("GET", "/repos/octocat/hello/languages"):
                .json(#"{"C": 78769, "Python": 7769, "Objective-C++": 12}"#)
            case ("POST", "/repos/octocat/hello/dispatches"):
                CannedResponse(status: 204)
            default:
                .json(#"{"message": "Not Found"}"#, status: 404)
            }
        }
        github = GitHubClient.Builder(environment: .custom(server.server())).token(BearerTokenAuthenticator.Token(accessToken: "owner")).build()
    }

    private func sentBody() throws -> [String: Any] {
        let body = try #require(server.requests.last?.body)
        return try #require(try JSONSerialization.jsonObject(with: body) as? [String: Any])
    }

    @Test func theSignedInUserWithPrivateDetailsIsThePrivateShape() async throws {
        guard case .privateUser(let user) = try await github.getAuthenticatedUser() else {
            Testing.Issue.record("expected the private user")
            return
        }

        #expect(user.login == "octocat")
        #expect(user.totalPrivateRepos == 100)
    }

    @Test func aUserWithoutPrivateDetailsFallsBackToThePublicShape() async throws {
        let anonymous = GitHubClient.Builder(environment: .custom(server.server())).token(BearerTokenAuthenticator.Token(accessToken: "reader")).build()

        guard case .publicUser(let user) = try await anonymous.getAuthenticatedUser() else {
            Testing.Issue.record("expected the public user")
            return
        }

        #expect(user.name == "The Octocat")
    }

    @Test func labelsAreANameOrAnObjectAndNullDatesDecode() async throws {
        let issue = try await github.getIssue(owner: "octocat", repo: "hello", issueNumber: 1347)

        guard case .string(let name) = issue.labels[0], case .labelDetails(let details) = issue.labels[1] else {
            Testing.Issue.record("expected a name, then an object: \(issue.labels)")
            return
        }
        #expect(name == "bug")
        #expect(details.name == "enhancement")
        #expect(issue.milestone?.dueOn == nil)
        #expect(issue.closedAt == nil)
        #expect(issue.createdAt == Date(timeIntervalSince1970: 1_303_479_228))
    }

    @Test func sendingNullRemovesTheMilestone() async throws {
        _ = try await github.updateIssue(owner: "octocat", repo: "hello", issueNumber: 1347, milestone: .null)

        let body = try sentBody()
        #expect(body.keys.sorted() == ["milestone"])
        #expect(body["milestone"] is NSNull)
    }

    @Test func aFieldLeftOutIsNotSentAtAll() async throws {
        _ = try await github.updateIssue(owner: "octocat", repo: "hello", issueNumber: 1347, title: "Renamed")

        let body = try sentBody()
        #expect(body.keys.sorted() == ["title"])
        #expect(String(decoding: try #require(server.requests.last?.body), as: UTF8.self) == #"{"title":"Renamed"}"#)
    }

    @Test func aValueIsSentAsItIs() async throws {
        _ = try await github.updateIssue(
            owner: "octocat", repo: "hello", issueNumber: 1347,
            stateReason: .value(.notPlanned), milestone: .value(3), labels: [.string("bug"), .labelDetails(LabelDetails(id: 1, name: "ui", default: false))]
        )

        let body = try sentBody()
        #expect(body["milestone"] as? Int == 3)
        #expect(body["state_reason"] as? String == "not_planned")
        let labels = try #require(body["labels"] as? [Any])
        #expect(labels.first as? String == "bug")
        #expect((labels.last as? [String: Any])?["name"] as? String == "ui")
    }

    @Test func freeFormJSONIsKeptAsItCameAndSentBackUnchanged() async throws {
        let repository = try await github.getRepository(owner: "octocat", repo: "hello")

        #expect(repository.customProperties["team"] == "web")
        #expect(repository.customProperties["tier"] == 2)
        #expect(repository.customProperties["ratio"] == 0.5)
        #expect(repository.customProperties["owners"]?[1]?["b"] == .null)
        let payload = JSONValue.object(repository.customProperties)

        try await github.createRepositoryDispatch(owner: "octocat", repo: "hello", eventType: "deploy", clientPayload: payload)

        let sent = try JSONDecoder().decode([String: JSONValue].self, from: try #require(server.requests.last?.body))
        #expect(sent["client_payload"] == payload)
        #expect(sent["event_type"] == "deploy")
    }

    @Test func aMapKeepsEveryKeyTheServerSent() async throws {
        let languages = try await github.listRepositoryLanguages(owner: "octocat", repo: "hello")

        #expect(languages == ["C": 78769, "Python": 7769, "Objective-C++": 12])
    }

    @Test func anUnknownIssueIsTheNotFoundCase() async throws {
        #expect(await failure(GitHubError.self) {
            try await github.getIssue(owner: "octocat", repo: "hello", issueNumber: 1)
        }?.api == .notFound(message: "Not Found"))
    }

    @Test func aPageOfIssuesCarriesItsLinkAndRateLimitAndSendsNoStateUnlessSet() async throws {
        let issues = try await github.listIssues(owner: "octocat", repo: "hello")
        _ = try await github.listIssues(owner: "octocat", repo: "hello", state: "closed")

        #expect(issues.count == 1)
        #expect(issues.first?.number == 1347)
        #expect(issues.headers.xRateLimitRemaining == 4999)
        #expect(issues.headers.link == #"<https://api.github.com/repositories/1/issues?page=2>; rel="next""#)
        #expect(server.requests.map(\.target) == ["/repos/octocat/hello/issues", "/repos/octocat/hello/issues?state=closed"])
    }

    @Test func a403IsARateLimitWhenNoCallsRemain() async throws {
        func failure(token: String) async -> GitHubError? {
            let client = GitHubClient.Builder(environment: .custom(server.server())).token(BearerTokenAuthenticator.Token(accessToken: token)).build()
            return await EndToEndTests.failure(GitHubError.self) { try await client.listIssues(owner: "octocat", repo: "hello") }?.api
        }

        #expect(await failure(token: "spent") == .rateLimited(message: "API rate limit exceeded"))
        #expect(await failure(token: "outsider") == .forbidden(message: "Resource not accessible"))
    }

    @Test func aFilesPathKeepsItsSlashes() async throws {
        let content = try await github.getContent(owner: "octocat", repo: "hello", path: "docs/guide/README.md")

        #expect(content.path == "docs/guide/README.md")
        #expect(server.requests.last?.target == "/repos/octocat/hello/contents/docs/guide/README.md")
    }

    @Test func aStubbedClientAnswersWithTheExamplesNullDates() async throws {
        let issue = try await GitHubClient.stubbed().getIssue(owner: "octocat", repo: "hello", issueNumber: 1347)

        #expect(issue.milestone?.dueOn == nil)
        #expect(issue.body == nil)
        #expect(issue.labels.count == 2)
        #expect(server.requests.isEmpty)
    }
}
