import Foundation
@testable import StrategyGenerator
import Testing

/// Where an inferred offset's or page number's list ends: a flag in the body of either polarity,
/// a total in the body or in a declared header.
extension PagingInferenceTests {
    static let offsetQuery = "{ name: offset, in: query, schema: { type: integer } }, { name: limit, in: query, schema: { type: integer } }"
    static let pageQuery = "{ name: page, in: query, schema: { type: integer } }, { name: per_page, in: query, schema: { type: integer } }"

    /// A body of `data` and the given fields.
    static func page(_ fields: String) -> String {
        "{ type: object, properties: { data: { type: array, items: \(item) }, \(fields) } }"
    }

    @Test func aFlagOfEitherPolarityEndsAnOffsetOrAPageNumber() throws {
        for query in [Self.offsetQuery, Self.pageQuery] {
            for name in ["has_more", "hasNext", "has_next_page", "hasMore", "more"] {
                let paging = try #require(try pagination(Self.document(query: query, response: Self.page("\(name): { type: boolean }"))))
                #expect(paging.hasMore?.value == name && paging.isLast == nil, "\(name)")
            }
            for name in ["last", "isLast", "is_last", "lastPage"] {
                let paging = try #require(try pagination(Self.document(query: query, response: Self.page("\(name): { type: boolean }"))))
                #expect(paging.isLast?.value == name && paging.hasMore == nil, "\(name)")
            }
        }
        // In the body's facts about the page, not in another object.
        let nested = try #require(try pagination(Self.document(query: Self.offsetQuery, response: Self.page("meta: { type: object, properties: { is_last: { type: boolean } } }"))))
        #expect(nested.isLast?.value == "meta.is_last")
        let elsewhere = try #require(try pagination(Self.document(query: Self.offsetQuery, response: Self.page("owner: { type: object, properties: { last: { type: boolean } } }"))))
        #expect(elsewhere.isLast == nil)
        // Only a `Bool`: Laravel's `last_page` is a number, and two flags of one polarity say nothing.
        let number = try #require(try pagination(Self.document(query: Self.pageQuery, response: Self.page("last_page: { type: integer }"))))
        #expect(number.isLast == nil)
        let two = try #require(try pagination(Self.document(query: Self.pageQuery, response: Self.page("has_more: { type: boolean }, hasNext: { type: boolean }"))))
        #expect(two.style == .page && two.hasMore == nil)
    }

    @Test func aTotalInADeclaredHeaderEndsAnOffsetOrAPageNumber() throws {
        let list = "{ type: array, items: \(Self.item) }"
        for header in ["X-Total-Count", "X-Total", "Pagination-Total"] {
            let paging = try #require(try pagination(Self.document(query: Self.offsetQuery, response: list, headers: "\(header): { schema: { type: integer } }")))
            #expect(paging.style == .offset && paging.totalHeader?.value == header)
        }
        // A total the body gives is read there; an undeclared header isn't read.
        let body = try #require(try pagination(Self.document(query: Self.pageQuery, response: Self.page("total: { type: integer }"), headers: "X-Total-Count: { schema: { type: integer } }")))
        #expect(body.total?.value == "total" && body.totalHeader == nil)
        #expect(try pagination(Self.document(query: Self.pageQuery, response: list))?.totalHeader == nil)

        // A page number ends at the number of pages a header gives; an offset has no pages.
        let pages = "X-Pages: { description: Maximum page number, schema: { type: integer } }"
        #expect(try pagination(Self.document(query: "{ name: page, in: query, schema: { type: integer, default: 1 } }", response: list, headers: pages))?.pagesHeader?.value == "X-Pages")
        #expect(try pagination(Self.document(query: Self.offsetQuery, response: list, headers: pages))?.pagesHeader == nil)

        let loaded = try load(Self.document(query: Self.offsetQuery, response: list, headers: "X-Total-Count: { schema: { type: integer } }"))
        #expect(loaded.diagnostics.map(\.message) == [
            "pagination inferred: offset ('offset' grows by each page's items, up to the 'X-Total-Count' header) (#/paths/~1items/get)",
        ])
    }
}

/// The spec format's keys for where an offset's or a page number's list ends and where its
/// pages start.
@Suite struct PaginationKeysTests {
    static func spec(_ pagination: String, style: String = "page") -> String {
        """
        api: Clinic
        servers: { production: https://clinic.example.com }
        models:
          Owner: { id: Int }
          OwnerPage: { content: "[Owner]", last: Bool }
        strategies:
          ListOwners:
            GET: /owners
            query: { page: Int?, offset: Int? }
            returns: OwnerPage
            pagination: { style: \(style), parameter: \(style == "offset" ? "offset" : "page"), items: content, \(pagination) }

        """
    }

    func diagnostics(_ text: String) -> [String] {
        do {
            let loaded = try GeneratorPipeline.load(text: text, file: "clinic.yaml")
            let validated = try SpecValidator.validate(loaded)
            return (loaded.diagnostics + validated.warnings).map(\.description)
        } catch {
            return error.diagnostics.map(\.description)
        }
    }

    @Test func theKeysAreReadAndGenerated() throws {
        let loaded = try GeneratorPipeline.load(text: Self.spec("firstPage: 0, isLast: last, totalHeader: X-Total-Count"), file: "clinic.yaml")
        let pagination = try #require(loaded.spec.strategies.first?.pagination)
        #expect(pagination.firstPage == 0 && pagination.isLast?.value == "last" && pagination.totalHeader?.value == "X-Total-Count")
        let files = GeneratorPipeline.build(try SpecValidator.validate(loaded))
        let strategies = try #require(files.first { $0.name.hasSuffix("Strategies.swift") }.map(GeneratorPipeline.render))
        #expect(strategies.contents.contains(#".page(\.page, first: 0, items: "content", isLast: "last", totalHeader: "X-Total-Count")"#))
        // A first page of 1 is the default, written or not.
        let one = GeneratorPipeline.build(try SpecValidator.validate(try GeneratorPipeline.load(text: Self.spec("firstPage: 1"), file: "clinic.yaml")))
        #expect(one.first { $0.name.hasSuffix("Strategies.swift") }.map(GeneratorPipeline.render)?.contents.contains(#".page(\.page, items: "content")"#) == true)
    }

    @Test func theKeysAreCheckedWhereTheyAreWritten() throws {
        #expect(diagnostics(Self.spec("firstPage: 0, isLast: last", style: "offset")) == [
            "clinic.yaml:11:80: error: 'firstPage' doesn't apply to paging style 'offset' of strategy 'ListOwners'",
        ])
        #expect(diagnostics(Self.spec("firstPage: -1")) == [
            "clinic.yaml:11:76: error: 'firstPage' of strategy 'ListOwners' is -1; a first page number is 0 or more, e.g. 'firstPage: 0' for zero-based pages",
        ])
        #expect(diagnostics(Self.spec("firstPage: one")) == [
            "clinic.yaml:11:76: error: 'firstPage' of 'pagination' of strategy 'ListOwners' must be a whole number",
        ])
        #expect(diagnostics(Self.spec("totalHeader: X Total")) == [
            "clinic.yaml:11:78: error: 'totalHeader' of strategy 'ListOwners' is 'X Total', not a header name; e.g. 'totalHeader: X-Total-Count'",
        ])
        #expect(diagnostics(Self.spec("pagesHeader: X-Pages", style: "offset")) == [
            "clinic.yaml:11:82: error: 'pagesHeader' doesn't apply to paging style 'offset' of strategy 'ListOwners'",
        ])
        #expect(diagnostics(Self.spec("isLast: last", style: "cursor").replacingOccurrences(of: "parameter: page", with: "parameter: page, next: last")).contains(
            "clinic.yaml:11:87: error: 'isLast' doesn't apply to paging style 'cursor' of strategy 'ListOwners'"
        ))
    }
}

/// Lists whose documents page them without the usual pair: a page number without a page size,
/// the last item's id without a flag saying more follow.
extension PagingInferenceTests {
    @Test func aPageNumberPagesWithoutAPageSizeWhereItsFirstIsSaidAndAnOffsetDoesNot() throws {
        let list = "{ type: array, items: \(Self.item) }"
        for said in ["schema: { type: integer, default: 1 }", "description: Page number e.g. page=1., schema: { type: integer }", "description: Zero-based page., schema: { type: integer }"] {
            let page = try #require(try pagination(Self.document(query: "{ name: page, in: query, \(said) }, { name: q, in: query, schema: { type: string } }", response: list)), "\(said)")
            #expect(page.style == .page && page.parameter?.value == "page")
        }
        // Where it starts unsaid, a second page might be skipped (an API counting from 0).
        #expect(try pagination(Self.document(query: "{ name: page, in: query, schema: { type: integer } }", response: list)) == nil)
        // An offset alone may count something else: a journal's number, a time zone's.
        #expect(try pagination(Self.document(query: "{ name: offset, in: query, schema: { type: integer } }", response: list)) == nil)
    }

    @Test func theLastItemsIdIsSentWithoutAFlagWhereTheParameterSaysItTakesIt() throws {
        let list = Self.page("object: { type: string }")
        let named = try #require(try pagination(Self.document(query: "{ name: starting_after, in: query, schema: { type: string } }", response: list)))
        #expect(named.style == .afterLastItem && named.parameter?.value == "starting_after" && named.hasMore == nil && named.id?.value == "id")
        let described = Self.document(query: "{ name: after, in: query, description: Identifier for the last event from the previous pagination request., schema: { type: string } }, { name: limit, in: query, schema: { type: integer } }", response: list)
        #expect(try pagination(described)?.parameter?.value == "after")
        #expect(try load(described).diagnostics.map(\.message) == [
            "pagination inferred: afterLastItem (the last item's 'id' sent as 'after' up to an empty page) (#/paths/~1items/get)",
        ])
        // An `after` that may be a cursor or a date, and items without an id, page nothing.
        #expect(try pagination(Self.document(query: "{ name: after, in: query, description: Only events after this time., schema: { type: string } }", response: list)) == nil)
        #expect(try pagination(Self.document(query: "{ name: starting_after, in: query, schema: { type: string } }", response: "{ type: object, properties: { data: { type: array, items: { type: object, properties: { name: { type: string } } } } } }")) == nil)
    }
}
