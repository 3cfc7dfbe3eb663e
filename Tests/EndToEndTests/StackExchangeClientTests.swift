import Foundation
import StrategyKit
import TestServer
import Testing

/// The client generated from `stackexchange.yaml`: lists wrapped in `items` and `has_more`,
/// paged by page number, the app key in the query, errors by their `error_id`.
@Suite struct StackExchangeClientTests {
    let server: HTTPTestServer
    let stackExchange: StackExchangeClient

    /// Questions 1 to 5 tagged swift, served `pagesize` to a page.
    static func questions(page: Int, size: Int) -> String {
        let ids = Array(1...5).dropFirst((page - 1) * size).prefix(size)
        let items = ids.map {
            #"{"question_id": \#($0), "title": "Question \#($0)", "tags": ["swift"], "is_answered": false, "answer_count": 0, "score": 1, "creation_date": 1700000000}"#
        }
        let hasMore = (ids.last ?? 5) < 5
        return #"{"items": [\#(items.joined(separator: ","))], "has_more": \#(hasMore), "quota_remaining": 299}"#
    }

    /// A page of the users `ids`, each with a display name `nameLength` characters long.
    static func users(_ ids: [Int], nameLength: Int) -> String {
        let name = String(repeating: "a", count: nameLength)
        let items = ids.map { #"{"user_id": \#($0), "display_name": "\#(name)", "reputation": 1, "creation_date": 1700000000}"# }
        return #"{"items": [\#(items.joined(separator: ","))], "has_more": false}"#
    }

    init() throws {
        server = try HTTPTestServer { request in
            guard request.query("site") == "stackoverflow" else {
                return .json(#"{"error_id": 400, "error_name": "bad_parameter", "error_message": "site is required"}"#, status: 400)
            }
            switch request.path {
            case "/2.0/questions", "/2.0/search":
                let page = Int(request.query("page") ?? "1") ?? 1
                let size = Int(request.query("pagesize") ?? "30") ?? 30
                return .json(Self.questions(page: page, size: size))
            case "/2.0/users/1":
                return .json(Self.users([1], nameLength: 10))
            case "/2.0/users/2":
                return .json(Self.users([2], nameLength: 300_000))
            case "/2.0/tags":
                return .json(#"{"error_id": 502, "error_name": "throttle_violation", "error_message": "too many requests from this IP"}"#, status: 400)
            default:
                return .json(#"{"error_id": 404, "error_name": "no_method", "error_message": "no method found with this name"}"#, status: 404)
            }
        }
        stackExchange = StackExchangeClient.Builder(environment: .custom(server.server(basePath: "/2.0"))).appKey("app-key").build()
    }

    @Test func questionsComePageByPageUntilHasMoreIsFalse() async throws {
        let since = Date(timeIntervalSince1970: 1_690_000_000)
        var titles: [String] = []
        for try await question in stackExchange.listQuestionsPages(site: "stackoverflow", tagged: "swift", sort: .votes, fromdate: since, pagesize: 2).items {
            titles.append(question.title)
        }

        #expect(titles == (1...5).map { "Question \($0)" })
        #expect(server.requests.map { $0.query("page") } == [nil, "2", "3"])
        let first = try #require(server.requests.first)
        #expect(first.query("key") == "app-key")
        #expect(first.query("sort") == "votes")
        #expect(first.query("fromdate") == "1690000000")
    }

    @Test func onePageIsOneRequestAndTheNextWaitsUntilAskedFor() async throws {
        var pages = stackExchange.searchPages(site: "stackoverflow", intitle: "actor", pagesize: 3).makeAsyncIterator()

        let first = try await pages.next()

        #expect(first?.items.count == 3)
        #expect(first?.hasMore == true)
        #expect(first?.quotaRemaining == 299)
        #expect(server.requests.count == 1)
    }

    @Test func aThrottledListThrowsTheTypedError() async throws {
        do {
            for try await _ in stackExchange.listTagsPages(site: "stackoverflow").items {}
            Issue.record("the tags came")
        } catch {
            guard case .api(.throttleViolation) = error else { Issue.record("expected throttleViolation, got \(error)"); return }
        }
    }

    @Test func aUserPageUnderTheStrategysSizeLimitIsDecoded() async throws {
        let page = try await stackExchange.getUsers(ids: "1", site: "stackoverflow")

        #expect(page.items.map(\.userId) == [1])
    }

    @Test func aUserPageOverTheStrategysSizeLimitFailsAsTooLarge() async throws {
        let error = await failure(StackExchangeError.self) {
            try await stackExchange.getUsers(ids: "2", site: "stackoverflow")
        }

        #expect(error?.transport?.kind == .responseTooLarge, "\(String(describing: error))")
    }

    /// The client would wait longer than the server holds, so without the strategy's 5 s the
    /// call would end when the server gives up, in another kind.
    @Test func aStalledUserLookupEndsAtTheStrategysConnectTimeout() async throws {
        let stalled = try FaultServer { _ in .stallBeforeHead(seconds: 90) }
        defer { stalled.stop() }
        let client = StackExchangeClient.Builder(environment: .custom(Server(scheme: "http", host: "127.0.0.1", port: stalled.port, basePath: "/2.0")))
            .retry(.never)
            .limits(StrategyClient.Limits(timeout: 120, connectTimeout: 120))
            .build()

        let error = await failure(StackExchangeError.self) {
            try await client.getUsers(ids: "1", site: "stackoverflow")
        }

        #expect(error?.transport?.kind == .timedOut, "\(String(describing: error))")
    }
}
