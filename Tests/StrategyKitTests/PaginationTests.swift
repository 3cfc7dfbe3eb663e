import Foundation
@_spi(Generated) import StrategyKit
import TestServer
import Testing

/// Each paging style against a loopback server: pages fetched one request at a time, only
/// when asked for, ending where the API says the list ends.
@Suite struct PaginationTests {
    struct Query: Sendable {
        var cursor: String?
        var number: Int?
    }

    struct Item: Decodable, Sendable, Equatable {
        var id: Int
    }

    /// `GET /items` with the query's value under `parameter`, paged as `pagination` says.
    struct ListItems: PaginatedStrategy {
        typealias Input = Query
        typealias Output = [Item]

        var style: String
        var pagination: Pagination<Query>
        var outputPath: String?

        func endpoint(for input: Query) -> Endpoint {
            Endpoint(.get, "/\(style)", query: ["cursor": input.cursor, "number": input.number])
        }

        func items(of output: [Item]) -> [Item] { output }
    }

    /// Items 1 to 5, served two to a page in every style.
    static let all = Array(1...5)

    let server: HTTPTestServer

    init() throws {
        server = try HTTPTestServer { request in
            func ids(from start: Int) -> [Int] { Array(Self.all.drop { $0 < start }.prefix(2)) }
            func json(_ ids: [Int]) -> String { "[" + ids.map { #"{"id": \#($0)}"# }.joined(separator: ",") + "]" }
            switch request.path {
            case "/cursor":
                let start = Int(request.query("cursor") ?? "1") ?? 1
                let page = ids(from: start)
                let next = page.last.map { $0 < 5 ? String($0 + 1) : "" } ?? ""
                return .json(#"{"items": \#(json(page)), "response_metadata": {"next_cursor": "\#(next)"}}"#)
            case "/after":
                let after = Int(request.query("cursor") ?? "0") ?? 0
                let page = ids(from: after + 1)
                return .json(#"{"data": \#(json(page)), "has_more": \#((page.last ?? 5) < 5)}"#)
            case "/offset":
                let offset = Int(request.query("number") ?? "0") ?? 0
                return .json(#"{"response": {"count": 5, "items": \#(json(ids(from: offset + 1)))}}"#)
            case "/page":
                let page = Int(request.query("number") ?? "1") ?? 1
                return .json(json(ids(from: (page - 1) * 2 + 1)))
            case "/link":
                let page = Int(request.query("page") ?? "1") ?? 1
                let version = request.query("v").map { "&v=\($0)" } ?? ""
                let link = page < 3 ? [(name: "Link", value: #"</link?page=\#(page + 1)\#(version)>; rel="next", </link?page=3>; rel="last""#)] : []
                return CannedResponse(headers: [(name: "Content-Type", value: "application/json")] + link, body: Data(json(ids(from: (page - 1) * 2 + 1)).utf8))
            case "/next-url":
                let offset = Int(request.query("offset") ?? "0") ?? 0
                let next = offset + 2 < 5 ? #""/next-url?offset=\#(offset + 2)""# : "null"
                return .json(#"{"items": \#(json(ids(from: offset + 1))), "next": \#(next)}"#)
            case "/broken":
                return request.query("number") == nil ? .json(#"[{"id": 1}, {"id": 2}]"#) : .json(#"{"error": "gone"}"#, status: 410)
            default:
                return CannedResponse(status: 404)
            }
        }
    }

    var client: StrategyClient { StrategyClient(server: server.server()) }

    static let styles: [(String, ListItems)] = [
        ("cursor", ListItems(style: "cursor", pagination: .cursor(\.cursor, next: "response_metadata.next_cursor", items: "items"), outputPath: "items")),
        ("after", ListItems(style: "after", pagination: .afterLastItem(\.cursor, hasMore: "has_more", items: "data"), outputPath: "data")),
        ("offset", ListItems(style: "offset", pagination: .offset(\.number, items: "response.items", total: "response.count"), outputPath: "response.items")),
        ("page", ListItems(style: "page", pagination: .page(\.number))),
        ("link", ListItems(style: "link", pagination: .link())),
        ("next-url", ListItems(style: "next-url", pagination: .nextURL(at: "next", items: "items"), outputPath: "items")),
    ]

    @Test(arguments: styles.map(\.0))
    func everyItemComesOnceWithOneRequestPerPage(style: String) async throws {
        let strategy = try #require(Self.styles.first { $0.0 == style }?.1)
        var ids: [Int] = []

        for try await item in client.pages(strategy, Query()).items {
            ids.append(item.id)
        }

        #expect(ids == Self.all)
        // Three pages of two; the offset and page styles learn of the end from an empty fourth,
        // unless the body says how many there are.
        let expected = style == "page" ? 4 : 3
        #expect(server.requests.count == expected)
    }

    @Test func nothingIsSentBeforeThePagesAreAskedForAndEachPageOnlyWhenAsked() async throws {
        let strategy = Self.styles[2].1
        let pages = client.pages(strategy, Query())
        #expect(server.requests.isEmpty)

        var iterator = pages.makeAsyncIterator()
        let first = try await iterator.next()
        #expect(first?.map(\.id) == [1, 2])
        #expect(server.requests.count == 1)

        let second = try await iterator.next()
        #expect(second?.map(\.id) == [3, 4])
        #expect(server.requests.map { $0.query("number") } == [nil, "2"])
    }

    @Test func theLinkHeadersURLIsFollowedAsGiven() async throws {
        var pages: [[Int]] = []
        for try await page in client.pages(Self.styles[4].1, Query()) {
            pages.append(page.map(\.id))
        }

        #expect(pages == [[1, 2], [3, 4], [5]])
        #expect(server.requests.map(\.target) == ["/link", "/link?page=2", "/link?page=3"])
    }

    @Test func aNextLinkThatCarriesTheDefaultsAlreadyGetsThemOnce() async throws {
        var client = self.client
        client.middlewares = [.defaultParameters(query: ["v": "2"])]
        for try await _ in client.pages(Self.styles[4].1, Query()) {}

        #expect(server.requests.map(\.target) == ["/link?v=2", "/link?page=2&v=2", "/link?page=3&v=2"])
    }

    @Test func aFailedPageThrowsItsCallErrorAndEndsTheSequence() async throws {
        let strategy = ListItems(style: "broken", pagination: .offset(\.number))
        var iterator = client.pages(strategy, Query()).makeAsyncIterator()

        #expect(try await iterator.next()?.count == 2)
        do {
            _ = try await iterator.next()
            Issue.record("the second page succeeded")
        } catch {
            guard case .api(let failure) = error else { Issue.record("expected .api, got \(error)"); return }
            #expect(failure.response.status.code == 410)
        }
        #expect(try await iterator.next() == nil)
        #expect(server.requests.count == 2)
    }
}
