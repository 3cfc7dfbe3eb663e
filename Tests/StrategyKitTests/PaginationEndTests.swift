import Foundation
@_spi(Generated) import StrategyKit
import TestServer
import Testing

/// Where a list's pages end besides where the API says: a page naming one already fetched, a
/// cancelled task, a limit on pages or items.
@Suite struct PaginationEndTests {
    struct Query: Sendable {
        var cursor: String?
    }

    struct Item: Decodable, Sendable, Equatable {
        var id: Int
    }

    struct ListItems: PaginatedStrategy {
        typealias Input = Query
        typealias Output = [Item]

        var path: String
        var pagination: Pagination<Query>
        var outputPath: String? { "items" }

        func endpoint(for input: Query) -> Endpoint {
            Endpoint(.get, "/\(path)", query: ["cursor": input.cursor])
        }

        func items(of output: [Item]) -> [Item] { output }
    }

    let server: HTTPTestServer

    init() throws {
        server = try HTTPTestServer { request in
            let cursor = Int(request.query("cursor") ?? "0") ?? 0
            let items = "[" + [cursor * 2 + 1, cursor * 2 + 2].map { #"{"id": \#($0)}"# }.joined(separator: ",") + "]"
            switch request.path {
            // Pages 0, 1, 2, then back to 1.
            case "/looping":
                return .json(#"{"items": \#(items), "next": "\#(cursor == 2 ? 1 : cursor + 1)"}"#)
            // A next link to the page itself.
            case "/self-link":
                return CannedResponse(headers: [("Content-Type", "application/json"), ("Link", #"</self-link>; rel="next""#)], body: Data(#"{"items": \#(items)}"#.utf8))
            // Never ending.
            default:
                return .json(#"{"items": \#(items), "next": "\#(cursor + 1)"}"#)
            }
        }
    }

    var client: StrategyClient { StrategyClient(server: server.server()) }

    @Test func aCursorThatComesBackEndsThePagesWithAnErrorAfterItsPage() async throws {
        let strategy = ListItems(path: "looping", pagination: .cursor(\.cursor, next: "next", items: "items"))
        var ids: [Int] = []
        do {
            for try await item in client.pages(strategy, Query()).items { ids.append(item.id) }
            Issue.record("the pages ended without an error")
        } catch {
            guard case .decoding(let failure as PaginationError, _) = error else { Issue.record("expected a PaginationError, got \(error)"); return }
            #expect(failure.repeated == "1")
        }
        #expect(ids == [1, 2, 3, 4, 5, 6])
        #expect(server.requests.count == 3)
    }

    @Test func aLinkToThePageItselfEndsThePagesWithAnError() async throws {
        let strategy = ListItems(path: "self-link", pagination: .link(items: "items"))
        var iterator = client.pages(strategy, Query()).makeAsyncIterator()

        #expect(try await iterator.next()?.map(\.id) == [1, 2])
        await #expect(throws: CallError<UnexpectedResponse>.self) { _ = try await iterator.next() }
        #expect(try await iterator.next() == nil)
        #expect(server.requests.count == 1)
    }

    @Test func pagesAndItemsCanBeLimited() async throws {
        let strategy = ListItems(path: "endless", pagination: .cursor(\.cursor, next: "next", items: "items"))

        var pages = 0
        for try await _ in client.pages(strategy, Query()).limited(toPages: 3) { pages += 1 }
        #expect(pages == 3)
        #expect(server.requests.count == 3)

        var ids: [Int] = []
        for try await item in client.pages(strategy, Query()).limited(toPages: 2).items { ids.append(item.id) }
        #expect(ids == [1, 2, 3, 4])

        ids = []
        for try await item in client.pages(strategy, Query()).items.prefix(5) { ids.append(item.id) }
        #expect(ids == [1, 2, 3, 4, 5])
        #expect(server.requests.count == 3 + 2 + 3)
    }

    @Test func aCancelledTaskAsksForNoMorePages() async throws {
        let strategy = ListItems(path: "endless", pagination: .cursor(\.cursor, next: "next", items: "items"))
        let client = self.client
        let task = Task {
            var count = 0
            do {
                for try await _ in client.pages(strategy, Query()) {
                    count += 1
                    if count == 2 { withUnsafeCurrentTask { $0?.cancel() } }
                }
            } catch let error as CallError<UnexpectedResponse> {
                guard case .transport(let failure) = error, failure.kind == .cancelled else { throw error }
                return count
            }
            return -1
        }

        #expect(try await task.value == 2)
        #expect(server.requests.count == 2)
    }
}
