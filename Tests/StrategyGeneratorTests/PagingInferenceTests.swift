import Foundation
@testable import StrategyGenerator
import Testing

/// Paging inferred from what an imported document says, only where it says it unambiguously;
/// a note a document in the build log; the configuration turns it off or sets it.
@Suite struct PagingInferenceTests {
    /// A document of one `GET /items` whose query and response are given.
    static func document(query: String, response: String, headers: String = "", method: String = "get", path: String = "/items") -> String {
        """
        openapi: 3.0.3
        info: { title: Items, version: "1" }
        servers: [{ url: https://items.example.com }]
        paths:
          \(path):
            \(method):
              operationId: listItems
              parameters: [\(query)]
              responses:
                "200":
                  description: A page.
                  headers: {\(headers)}
                  content:
                    application/json:
                      schema: \(response)

        """
    }

    static let item = "{ type: object, properties: { id: { type: string } } }"

    func load(_ text: String, paging: GeneratorConfig.Paging = .init()) throws -> LoadedSpec {
        let folder = try makeTemporaryDirectory()
        defer { try? FileManager.default.removeItem(at: folder) }
        let file = folder.appendingPathComponent("items.yaml")
        try text.write(to: file, atomically: true, encoding: .utf8)
        var loaded = try GeneratorPipeline.load(contentsOf: file.path, paging: paging)
        loaded.diagnostics = loaded.diagnostics.map { diagnostic in
            var diagnostic = diagnostic
            if diagnostic.location?.file == file.path { diagnostic.location?.file = "items.yaml" }
            return diagnostic
        }
        return loaded
    }

    func pagination(_ text: String) throws -> PaginationSpec? {
        try load(text).spec.strategies.first?.pagination
    }

    @Test func aCursorPairedWithItsParameterIsInferredAndNotedAtTheOperation() throws {
        let loaded = try load(Self.document(
            query: "{ name: cursor, in: query, schema: { type: string } }, { name: limit, in: query, schema: { type: integer } }",
            response: "{ type: object, properties: { data: { type: array, items: \(Self.item) }, meta: { type: object, properties: { next_cursor: { type: string } } } } }"
        ))
        let pagination = try #require(loaded.spec.strategies.first?.pagination)

        #expect(pagination.style == .cursor)
        #expect(pagination.next?.value == "meta.next_cursor")
        #expect(pagination.parameter?.value == "cursor")
        #expect(pagination.items?.value == "data")
        #expect(loaded.diagnostics.map(\.description) == [
            "items.yaml:7:20: note: pagination inferred: cursor (the body's 'meta.next_cursor' sent back as 'cursor') (#/paths/~1items/get)",
        ])
        // What validation and the code model make of it.
        #expect(throws: Never.self) { try SpecValidator.validate(loaded) }
    }

    @Test func aListWithoutEvidenceIsNotPagedAndVerboseSaysWhy() throws {
        let loaded = try load(Self.document(query: "{ name: limit, in: query, schema: { type: integer } }", response: "{ type: array, items: \(Self.item) }"), paging: GeneratorConfig.Paging(notesUnpagedLists: true))

        #expect(loaded.spec.strategies.first?.pagination == nil)
        #expect(loaded.diagnostics.map(\.message) == [
            "no pagination inferred for this list: the document says of no next page: no 'Link' header, next URL or cursor in the body, no 'starting_after' the last item's id, and no 'offset' with a page size or 'page' parameter (#/paths/~1items/get)",
        ])
    }

    @Test func twoListsPageNothing() throws {
        let text = Self.document(
            query: "{ name: cursor, in: query, schema: { type: string } }",
            response: "{ type: object, properties: { data: { type: array, items: \(Self.item) }, warnings: { type: array, items: { type: string } }, next_cursor: { type: string } } }"
        )
        #expect(try pagination(text) == nil)
        // Not a list operation: a body of one list is.
        #expect(try load(text).diagnostics.isEmpty)
    }

    @Test func aCursorNoParameterTakesPagesNothing() throws {
        let text = Self.document(
            query: "{ name: since, in: query, schema: { type: string } }",
            response: "{ type: object, properties: { data: { type: array, items: \(Self.item) }, next_cursor: { type: string } } }"
        )
        #expect(try pagination(text) == nil)
    }

    @Test func aCursorTwoParametersCouldTakePagesNothing() throws {
        let text = Self.document(
            query: "{ name: cursor, in: query, schema: { type: string } }, { name: after, in: query, schema: { type: string } }",
            response: "{ type: object, properties: { data: { type: array, items: \(Self.item) }, next_cursor: { type: string } } }"
        )
        #expect(try pagination(text) == nil)
        #expect(try load(text, paging: GeneratorConfig.Paging(notesUnpagedLists: true)).diagnostics.first?.message.contains("'next_cursor' → 'cursor', 'next_cursor' → 'after'") == true)
    }

    @Test func aBareNextIsACursorNotAURL() throws {
        let text = Self.document(
            query: "{ name: cursor, in: query, schema: { type: string } }",
            response: "{ type: object, properties: { data: { type: array, items: \(Self.item) }, next: { type: string } } }"
        )
        let pagination = try #require(try pagination(text))
        #expect(pagination.style == .cursor)
    }

    @Test func anOffsetNeedsAPageSizeAndAPageNumberAnInteger() throws {
        let list = "{ type: array, items: \(Self.item) }"
        #expect(try pagination(Self.document(query: "{ name: offset, in: query, schema: { type: integer } }", response: list)) == nil)
        #expect(try pagination(Self.document(query: "{ name: page, in: query, schema: { type: string } }, { name: per_page, in: query, schema: { type: integer } }", response: list)) == nil)
        let offset = try #require(try pagination(Self.document(query: "{ name: offset, in: query, schema: { type: integer } }, { name: limit, in: query, schema: { type: integer } }", response: list)))
        #expect(offset.style == .offset && offset.items == nil && offset.total == nil)
    }

    @Test func onlyListsOfGetOperationsArePaged() throws {
        let header = "Link: { schema: { type: string } }"
        #expect(try pagination(Self.document(query: "", response: "{ type: array, items: \(Self.item) }", headers: header, method: "post")) == nil)
        #expect(try pagination(Self.document(query: "", response: Self.item, headers: header)) == nil)
        #expect(try pagination(Self.document(query: "", response: "{ type: array, items: \(Self.item) }", headers: header))?.style == .link)
    }

    @Test func theNotesOfADocumentAreOneCountingThemByKind() {
        let place = { (line: Int) in SourceLocation(file: "a.yaml", line: line, column: 3) }
        let notes: [Diagnostic] = [
            Diagnostic(.note, "pagination inferred: link (the response's 'Link' header) (#/paths/~1b/get)", at: place(9)),
            Diagnostic(.note, "pagination inferred: cursor (…) (#/paths/~1a/get)", at: place(4)),
            Diagnostic(.note, "pagination inferred: link (the response's 'Link' header) (#/paths/~1c/get)", at: place(12)),
            Diagnostic(.note, "no pagination inferred for this list: … (#/paths/~1d/get)", at: place(15)),
            .warning("something else", at: place(20)),
        ]

        #expect(PagingNotes.grouped(notes).map(\.description) == [
            "a.yaml:4:3: note: pagination inferred for 3 operations (link 2, cursor 1); --verbose lists each",
            "a.yaml:20:3: warning: something else",
        ])
    }

    @Test func theCommandLinePrintsOneNoteADocumentAndEveryOneWhenVerbose() async throws {
        let folder = try makeTemporaryDirectory()
        defer { try? FileManager.default.removeItem(at: folder) }
        let spec = folder.appendingPathComponent("items.yaml")
        try Self.document(query: "", response: "{ type: array, items: \(Self.item) }", headers: "Link: { schema: { type: string } }").write(to: spec, atomically: true, encoding: .utf8)
        let out = folder.appendingPathComponent("out").path

        let plain = try await runStrategyGen(["generate", spec.path, "--output", out, "--quiet", "--diagnostic-style", "plain"])
        let verbose = try await runStrategyGen(["generate", spec.path, "--output", out, "--quiet", "--verbose", "--diagnostic-style", "plain"])

        #expect(plain.standardError == "\(spec.path):7:20: note: pagination inferred for 1 operation (link 1); --verbose lists each\n")
        #expect(verbose.standardError == "\(spec.path):7:20: note: pagination inferred: link (the response's 'Link' header) (#/paths/~1items/get)\n")
    }

    // MARK: The configuration

    static let unpaged = document(
        query: "{ name: cursor, in: query, schema: { type: string } }",
        response: "{ type: object, properties: { data: { type: array, items: \(item) }, meta: { type: object, properties: { next_cursor: { type: string } } } } }"
    )

    func config(_ text: String) throws(DiagnosticsError) -> GeneratorConfig.Paging {
        try ConfigLoader.load(text: text, file: "strategy-gen-config.yaml").paging
    }

    @Test func inferenceCanBeTurnedOff() throws {
        let loaded = try load(Self.unpaged, paging: try config("pagination: { infer: false }\n"))

        #expect(loaded.spec.strategies.first?.pagination == nil)
        #expect(loaded.diagnostics.isEmpty)
    }

    @Test func theConfigurationSetsAKindByOperationIdOrStrategyName() throws {
        // A `Link` header the document doesn't declare.
        let link = try load(Self.unpaged, paging: try config("pagination: { operations: { listItems: link } }\n"))
        #expect(link.spec.strategies.first?.pagination?.style == .link)
        #expect(link.spec.strategies.first?.pagination?.items?.value == "data")

        let none = try load(Self.unpaged, paging: try config("pagination: { operations: { ListItems: none } }\n"))
        #expect(none.spec.strategies.first?.pagination == nil)

        let keys = try load(Self.unpaged, paging: try config("pagination:\n  operations:\n    listItems: { style: cursor, parameter: cursor, next: meta.next_cursor, items: data }\n"))
        let validated = try SpecValidator.validate(keys)
        #expect(validated.spec.strategies.first?.pagination?.next?.value == "meta.next_cursor")
        #expect(validated.warnings.isEmpty)

        // Keys validation refuses cost only the paging, with a warning where they are written.
        let faulty = try load(Self.unpaged, paging: try config("pagination:\n  operations:\n    listItems: { style: cursor, parameter: cursor, next: meta.next_cursor }\n"))
        #expect(faulty.spec.strategies.first?.pagination == nil)
        #expect(faulty.diagnostics.map(\.description) == [
            "strategy-gen-config.yaml:3:25: warning: the pages of strategy 'ListItems' can't be read: the output is not a list; set 'items' to where the list is; 'pagination' is left out",
        ])
    }

    @Test func aKindThatCantBeInferredAndANameOfNoOperationAreWarnings() throws {
        let loaded = try load(Self.unpaged, paging: try config("pagination:\n  operations:\n    listItems: afterLastItem\n    listThings: link\n"))

        #expect(loaded.spec.strategies.first?.pagination == nil)
        #expect(loaded.diagnostics.map(\.description) == [
            "strategy-gen-config.yaml:3:5: warning: 'afterLastItem' paging can't be inferred for 'listItems': no 'has_more' in the body with a 'starting_after' parameter; give its keys instead, e.g. '{ style: afterLastItem, parameter: starting_after, hasMore: has_more, items: data }'",
            "strategy-gen-config.yaml:4:5: warning: 'listThings' under 'pagination' names no operationId or strategy of items.yaml",
        ])
    }

    @Test func aConfigurationsPagingIsChecked() {
        #expect(throws: DiagnosticsError.self) { try config("pagination: { infer: maybe }\n") }
        do throws(DiagnosticsError) {
            _ = try config("pagination: { operations: { listItems: cursors }, inferr: true }\n")
            Issue.record("the configuration was accepted")
        } catch {
            #expect(error.diagnostics.map(\.description) == [
                "strategy-gen-config.yaml:1:40: error: 'cursors' is not allowed for the paging of 'listItems'; use one of 'link', 'nextURL', 'cursor', 'afterLastItem', 'offset', 'page', 'none'; did you mean 'cursor'?",
                "strategy-gen-config.yaml:1:51: error: unknown key 'inferr' in 'pagination'; did you mean 'infer'?",
            ])
        }
    }
}

extension PagingInferenceTests {
    @Test func theNextPageOfANestedListIsNotThePagesOfTheBody() throws {
        let text = Self.document(
            query: "{ name: path, in: query, schema: { type: string } }",
            response: """
            { type: object, properties: { entries: { type: array, items: \(Self.item) }, list: { type: object, properties: { items: { type: array, items: \(Self.item) }, paging: { type: object, properties: { next: { type: string, format: uri } } } } } } }
            """
        )
        #expect(try pagination(text) == nil)
    }
}

extension PagingInferenceTests {
    /// A GET of one item (its path ends in a parameter) whose object holds an array is an item,
    /// not a list: no note counts it among the lists left unpaged.
    @Test func anItemHoldingAListIsNotAListOperation() throws {
        let verbose = GeneratorConfig.Paging(notesUnpagedLists: true)
        let webhook = "{ type: object, properties: { id: { type: string }, triggers: { type: array, items: { type: string } } } }"
        let parameter = "{ name: id, in: path, required: true, schema: { type: string } }"
        for path in ["/webhooks/{id}", "/u/{id}.json"] {
            #expect(try load(Self.document(query: parameter, response: webhook, path: path), paging: verbose).diagnostics.isEmpty)
        }
        // A list: an array body on an item path, or an object on a path of a collection.
        let list = try load(Self.document(query: parameter, response: "{ type: array, items: \(Self.item) }", path: "/lines/{id}"), paging: verbose)
        #expect(list.diagnostics.map(\.message) == [
            "no pagination inferred for this list: the operation takes no parameter that asks for a page (a page, offset, cursor or page size) (#/paths/~1lines~1{id}/get)",
        ])
        let collection = try load(Self.document(query: parameter, response: webhook, path: "/webhooks/{id}/triggers"), paging: verbose)
        #expect(collection.diagnostics.count == 1)
        // An item path the document pages is a list operation, paged.
        let paged = try load(Self.document(
            query: parameter + ", { name: page, in: query, schema: { type: integer } }, { name: per_page, in: query, schema: { type: integer } }",
            response: webhook, path: "/trees/{id}"
        ), paging: verbose)
        #expect(paged.spec.strategies.first?.pagination?.style == .page)
    }
}

extension PagingInferenceTests {
    /// A list whose operation takes nothing that asks for a page comes whole, as its document
    /// tells it; verbose says so apart from a list whose paging the document leaves unsaid.
    @Test func aListTakingNoPagingParameterIsToldApart() throws {
        let verbose = GeneratorConfig.Paging(notesUnpagedLists: true)
        let list = "{ type: array, items: \(Self.item) }"
        let whole = try load(Self.document(query: "{ name: q, in: query, schema: { type: string } }", response: list), paging: verbose)
        let token = try load(Self.document(query: "{ name: offset, in: query, schema: { type: string } }", response: list), paging: verbose)

        #expect(whole.diagnostics.map(\.message) == [
            "no pagination inferred for this list: the operation takes no parameter that asks for a page (a page, offset, cursor or page size) (#/paths/~1items/get)",
        ])
        #expect(token.diagnostics.map(\.message) == [
            "no pagination inferred for this list: the document says of no next page: no 'Link' header, next URL or cursor in the body, no 'starting_after' the last item's id, and no 'offset' with a page size or 'page' parameter (#/paths/~1items/get)",
        ])
    }
}

extension PagingInferenceTests {
    /// A page number its description calls zero-based counts from 0; an `int32` one is a page
    /// number too, and the code reads it as one.
    @Test func aZeroBasedPageNumberOfAnyIntegerTypeCountsFromZero() throws {
        let response = "{ type: object, properties: { page: { type: object, properties: { totalElements: { type: integer, format: int32 } } }, animals: { type: array, items: \(Self.item) } } }"
        let size = "{ name: pageSize, in: query, schema: { type: integer, format: int32 } }"
        let zeroBased = Self.document(query: "{ name: pageNumber, in: query, description: Zero-based page number, schema: { type: integer, format: int32 } }, " + size, response: response)
        let page = try #require(try pagination(zeroBased))
        #expect(page.style == .page && page.parameter?.value == "pageNumber" && page.firstPage == 0 && page.total?.value == "page.totalElements")
        // Counted from 1 unless the description says otherwise; a default of 0 doesn't.
        let fromOne = try #require(try pagination(Self.document(query: "{ name: pageNumber, in: query, schema: { type: integer, format: int64, default: 0 } }, " + size, response: response)))
        #expect(fromOne.style == .page && fromOne.firstPage == nil)

        let folder = try makeTemporaryDirectory()
        defer { try? FileManager.default.removeItem(at: folder) }
        let file = folder.appendingPathComponent("items.yaml")
        try zeroBased.write(to: file, atomically: true, encoding: .utf8)
        let strategies = try #require(try GeneratorPipeline.generate(specAt: file.path).files.first { $0.name == "items.Strategies.swift" })
        #expect(strategies.contents.contains(#".page(\.pageNumber, first: 0, items: "animals", total: "page.totalElements")"#))
        #expect(strategies.contents.contains("public var pageNumber: Int32?"))
    }
}
