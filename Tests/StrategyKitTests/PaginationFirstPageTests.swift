import Foundation
@_spi(Generated) import StrategyKit
import TestServer
import Testing

/// Page numbers counted from 0, and offsets and page numbers of any integer type (an API's
/// `int32` parameter).
@Suite struct PaginationFirstPageTests {
    struct Query: Sendable {
        var pageNumber: Int32?
        var offset: Int16?
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
            Endpoint(.get, "/items", query: ["pageNumber": input.pageNumber.map(Int.init), "offset": input.offset.map(Int.init)])
        }

        func items(of output: Page) -> [Item] { output.items }
    }

    /// Items 1 to 4, two to a page; page 0 is the first, and the body counts the items.
    let server = try! HTTPTestServer { request in
        let start = Int(request.query("pageNumber") ?? "").map { $0 * 2 } ?? Int(request.query("offset") ?? "0") ?? 0
        let ids = Array(Array(1...4).dropFirst(start).prefix(2))
        return .json(#"{"items": [\#(ids.map { #"{"id": \#($0)}"# }.joined(separator: ","))], "page": {"totalElements": 4}}"#)
    }

    func ids(_ pagination: Pagination<Query>, _ input: Query = Query()) async throws -> [Int] {
        var ids: [Int] = []
        for try await item in StrategyClient(server: server.server()).pages(ListItems(pagination: pagination), input).items {
            ids.append(item.id)
        }
        return ids
    }

    @Test func pagesCountedFromZeroAskForPageOneAfterTheFirst() async throws {
        #expect(try await ids(.page(\.pageNumber, first: 0, items: "items")) == [1, 2, 3, 4])
        // The empty page after the last ends the list.
        #expect(server.requests.map { $0.query("pageNumber") } == [nil, "1", "2"])
    }

    @Test func theTotalEndsPagesCountedFromZeroAtTheLastPage() async throws {
        #expect(try await ids(.page(\.pageNumber, first: 0, items: "items", total: "page.totalElements")) == [1, 2, 3, 4])
        #expect(server.requests.map { $0.query("pageNumber") } == [nil, "1"])
    }

    @Test func anOffsetOfAnotherIntegerTypeGrowsByEachPage() async throws {
        #expect(try await ids(.offset(\.offset, items: "items")) == [1, 2, 3, 4])
        #expect(server.requests.map { $0.query("offset") } == [nil, "2", "4"])
    }

    /// A total of 0 beside items says nothing: the API counts only when asked to.
    @Test func aTotalOfZeroBesideItemsIsNoTotal() async throws {
        let zero = try HTTPTestServer { request in
            let offset = Int(request.query("offset") ?? "0") ?? 0
            let ids = Array(Array(1...4).dropFirst(offset).prefix(2))
            return .json(#"{"items": [\#(ids.map { #"{"id": \#($0)}"# }.joined(separator: ","))], "totalCount": 0}"#)
        }
        var received: [Int] = []
        for try await item in StrategyClient(server: zero.server()).pages(ListItems(pagination: .offset(\.offset, items: "items", total: "totalCount")), Query()).items {
            received.append(item.id)
        }
        #expect(received == [1, 2, 3, 4])
        #expect(zero.requests.map { $0.query("offset") } == [nil, "2", "4"])
    }
}
