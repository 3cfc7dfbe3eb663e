import Foundation
@_spi(Generated) import StrategyKit
import TestServer
import Testing

/// Offsets and page numbers an API requires (Postmark's `offset` and `count`): the caller's value
/// asks for the first page, and each next page sets the field as an optional one is set.
@Suite struct PaginationRequiredParameterTests {
    struct Query: Sendable {
        var skip: Int32
        var page: Int
    }

    struct Item: Decodable, Sendable, Equatable {
        var id: Int
    }

    struct Page: Decodable, Sendable {
        var items: [Item]
        var total: Int
    }

    struct ListItems: PaginatedStrategy {
        typealias Input = Query
        typealias Output = Page

        var pagination: Pagination<Query>

        func endpoint(for input: Query) -> Endpoint {
            Endpoint(.get, "/items", query: ["skip": Int(input.skip), "page": input.page])
        }

        func items(of output: Page) -> [Item] { output.items }
    }

    /// Items 1 to 5, two to a page: by offset, or by page number counted from 1.
    let server = try! HTTPTestServer { request in
        let page = Int(request.query("page") ?? "") ?? 0
        let start = page > 0 ? (page - 1) * 2 : Int(request.query("skip") ?? "0") ?? 0
        let ids = Array(Array(1...5).dropFirst(start).prefix(2))
        return .json(#"{"items": [\#(ids.map { #"{"id": \#($0)}"# }.joined(separator: ","))], "total": 5}"#)
    }

    func ids(_ pagination: Pagination<Query>, _ input: Query) async throws -> [Int] {
        var ids: [Int] = []
        for try await item in StrategyClient(server: server.server()).pages(ListItems(pagination: pagination), input).items {
            ids.append(item.id)
        }
        return ids
    }

    @Test func aRequiredOffsetStartsWhereTheCallerSaysAndGrowsByEachPage() async throws {
        #expect(try await ids(.offset(\.skip, items: "items", total: "total"), Query(skip: 0, page: 0)) == [1, 2, 3, 4, 5])
        #expect(server.requests.map { $0.query("skip") } == ["0", "2", "4"])
    }

    @Test func aRequiredOffsetPastTheFirstItemsSkipsThem() async throws {
        #expect(try await ids(.offset(\.skip, items: "items", total: "total"), Query(skip: 3, page: 0)) == [4, 5])
        #expect(server.requests.map { $0.query("skip") } == ["3"])
    }

    @Test func aRequiredPageNumberCountsUpFromTheCallersPage() async throws {
        #expect(try await ids(.page(\.page, items: "items"), Query(skip: 0, page: 1)) == [1, 2, 3, 4, 5])
        // The empty fourth page ends the list.
        #expect(server.requests.map { $0.query("page") } == ["1", "2", "3", "4"])
    }
}
