import Foundation
@_spi(Generated) import StrategyKit
import TestServer
import Testing

/// Where an offset's or a page number's list ends besides an empty page: a flag in the body,
/// `true` while more pages follow or on the last page, and a total in a response header.
@Suite struct PaginationEndFlagTests {
    struct Query: Sendable {
        var page: Int?
        var offset: Int?
    }

    struct Item: Decodable, Sendable, Equatable {
        var id: Int
    }

    struct Page: Decodable, Sendable {
        var items: [Item]
    }

    struct ListItems: PaginatedStrategy {
        typealias Input = Query
        typealias Output = Page

        var pagination: Pagination<Query>

        func endpoint(for input: Query) -> Endpoint {
            Endpoint(.get, "/items", query: ["page": input.page, "offset": input.offset])
        }

        func items(of output: Page) -> [Item] { output.items }
    }

    /// Items 1 to 6, two to a page (pages from 1): the body says of each page whether more
    /// follow and whether it is the last, in both polarities, and a header counts the items; a
    /// page past the end is empty.
    let server = try! HTTPTestServer { request in
        let start = Int(request.query("page") ?? "").map { ($0 - 1) * 2 } ?? Int(request.query("offset") ?? "0") ?? 0
        let ids = Array(Array(1...6).dropFirst(start).prefix(2))
        let last = start + 2 >= 6
        let body = #"{"items": [\#(ids.map { #"{"id": \#($0)}"# }.joined(separator: ","))], "has_more": \#(!last), "meta": {"last": \#(last)}}"#
        return CannedResponse(headers: [("Content-Type", "application/json"), ("X-Total-Count", " 6")], body: Data(body.utf8))
    }

    func ids(_ pagination: Pagination<Query>) async throws -> [Int] {
        var ids: [Int] = []
        for try await item in StrategyClient(server: server.server()).pages(ListItems(pagination: pagination), Query()).items {
            ids.append(item.id)
        }
        return ids
    }

    @Test func anOffsetEndsWhereTheBodySaysNoMorePagesFollow() async throws {
        #expect(try await ids(.offset(\.offset, items: "items", hasMore: "has_more")) == [1, 2, 3, 4, 5, 6])
        #expect(server.requests.map { $0.query("offset") } == [nil, "2", "4"])
    }

    @Test func anOffsetEndsWhereTheBodySaysItsPageIsTheLast() async throws {
        #expect(try await ids(.offset(\.offset, items: "items", isLast: "meta.last")) == [1, 2, 3, 4, 5, 6])
        #expect(server.requests.map { $0.query("offset") } == [nil, "2", "4"])
    }

    @Test func aPageNumberEndsWhereTheBodySaysItsPageIsTheLast() async throws {
        #expect(try await ids(.page(\.page, items: "items", isLast: "meta.last")) == [1, 2, 3, 4, 5, 6])
        #expect(server.requests.map { $0.query("page") } == [nil, "2", "3"])
    }

    @Test func aTotalInAHeaderEndsAnOffsetOrAPageNumber() async throws {
        #expect(try await ids(.offset(\.offset, items: "items", totalHeader: "X-Total-Count")) == [1, 2, 3, 4, 5, 6])
        #expect(server.requests.map { $0.query("offset") } == [nil, "2", "4"])
        #expect(try await ids(.page(\.page, items: "items", totalHeader: "x-total-count")) == [1, 2, 3, 4, 5, 6])
        #expect(server.requests.dropFirst(3).map { $0.query("page") } == [nil, "2", "3"])
    }

    /// EVE's `X-Pages`: the number of pages ends a page number at the last, with no page after it
    /// asked for (the API answers one with an error).
    @Test func theNumberOfPagesInAHeaderEndsAPageNumber() async throws {
        let pages = try HTTPTestServer { request in
            let page = Int(request.query("page") ?? "1") ?? 1
            guard page <= 2 else { return .json(#"{"error": "Requested page does not exist!"}"#, status: 404) }
            let ids = [page * 2 - 1, page * 2]
            return CannedResponse(headers: [("Content-Type", "application/json"), ("X-Pages", "2")], body: Data(#"{"items": [\#(ids.map { #"{"id": \#($0)}"# }.joined(separator: ","))]}"#.utf8))
        }
        var received: [Int] = []
        for try await item in StrategyClient(server: pages.server()).pages(ListItems(pagination: .page(\.page, items: "items", pagesHeader: "X-Pages")), Query()).items {
            received.append(item.id)
        }
        #expect(received == [1, 2, 3, 4])
        #expect(pages.requests.map { $0.query("page") } == [nil, "2"])
    }

    /// A header that isn't there, or isn't a number, says nothing: the empty page ends the list.
    @Test func aMissingOrUnreadableHeaderIsNoTotal() async throws {
        let bare = try HTTPTestServer { request in
            let offset = Int(request.query("offset") ?? "0") ?? 0
            let ids = Array(Array(1...3).dropFirst(offset).prefix(2))
            return CannedResponse(headers: [("Content-Type", "application/json"), ("X-Total", "many")], body: Data(#"{"items": [\#(ids.map { #"{"id": \#($0)}"# }.joined(separator: ","))]}"#.utf8))
        }
        var received: [Int] = []
        for try await item in StrategyClient(server: bare.server()).pages(ListItems(pagination: .offset(\.offset, items: "items", totalHeader: "X-Total")), Query()).items {
            received.append(item.id)
        }
        #expect(received == [1, 2, 3])
        #expect(bare.requests.map { $0.query("offset") } == [nil, "2", "3"])
    }

    /// The last item's id sent without a flag: the empty page after the last ends the list.
    @Test func theLastItemsIdWithoutAFlagIsSentUpToAnEmptyPage() async throws {
        struct After: Sendable { var after: String? }
        struct ListAfter: PaginatedStrategy {
            typealias Input = After
            typealias Output = Page
            var pagination: Pagination<After> { .afterLastItem(\.after, items: "items") }
            func endpoint(for input: After) -> Endpoint { Endpoint(.get, "/events", query: ["after": input.after]) }
            func items(of output: Page) -> [Item] { output.items }
        }
        let events = try HTTPTestServer { request in
            let after = Int(request.query("after") ?? "0") ?? 0
            let ids = Array(Array(1...3).dropFirst(after).prefix(2))
            return .json(#"{"items": [\#(ids.map { #"{"id": \#($0)}"# }.joined(separator: ","))]}"#)
        }
        var received: [Int] = []
        for try await item in StrategyClient(server: events.server()).pages(ListAfter(), After()).items {
            received.append(item.id)
        }
        #expect(received == [1, 2, 3])
        #expect(events.requests.map { $0.query("after") } == [nil, "2", "3"])
    }
}
