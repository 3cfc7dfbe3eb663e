import Foundation

/// Paging inferred from what a document already says: no real document carries
/// `x-strategykit-pagination`, yet nearly every list of a real API comes in pages.
///
/// An operation whose success body holds one list (the body itself, or the response object's one
/// array field) is paged when the document says how, unambiguously, in the first of these ways:
///
/// - **link**: the response declares a `Link` header.
/// - **nextURL**: the body gives the next page's URL (`next` as a URL, `links.next`,
///   `paging.next`, `next_page_url`, `nextLink`, HAL's `_links.next.href`).
/// - **cursor**: the body gives a cursor (`next_cursor`, `nextPageToken`,
///   `response_metadata.next_cursor`, …) and a query parameter of matching name takes it back
///   (`cursor`, `pageToken`, `after`, …).
/// - **afterLastItem**: the query takes `starting_after`, or an `after` described as the last
///   item's id, or a `before` described as taking an id (a list that comes newest first), and the
///   items have an `id`; the list ends where the body's `has_more` says, or
///   at an empty page.
/// - **offset**: the query takes `offset` (`skip`, `start`, `startIndex`) and a page size, an
///   offset that doesn't count from 1.
/// - **page**: the query takes `page` and a page size, or `page` alone where the document says
///   where its numbers start (a default of 1, "e.g. page=1"). A page number described as
///   zero-based counts from 0.
///
/// An offset's or a page number's list ends at an empty page, or where the body says so: a flag
/// of either polarity (`has_more`, `hasNext`, `more`; `last`, `isLast`, `is_last`), in the body
/// or its object of facts about the page (`meta`, `pagination`), or a total (`total`,
/// `total_count`, in the body, or a declared `X-Total-Count`, `X-Total` or `Pagination-Total`
/// header), or for a page number the number of pages a declared header gives (`X-Pages`).
///
/// An offset or a page number may be of any integer type, and required: the caller's value
/// asks for the first page.
///
/// Evidence of one way found twice (two arrays, two cursors, a cursor two parameters could take)
/// pages nothing. Each inference is a note at the operation's place; the configuration turns
/// inference off, or sets the paging of an operation (``GeneratorConfig/Paging``).
extension OpenAPIImporter {
    /// What the importer knows of paging: the configuration, and the choices it has used.
    struct PagingState {
        var config = GeneratorConfig.Paging()
        var used: Set<Named> = []
    }

    /// The paging of `strategy`: what the configuration sets for it, else the document's
    /// `x-strategykit-pagination`, else what its parameters and response say.
    mutating func pagination(of strategy: StrategySpec, _ operation: YAMLNode, pointer: JSONPointer) -> PaginationSpec? {
        let operationId = operation["operationId"]?.scalar
        if let choice = paging.config.choice(operationId: operationId, strategy: strategy.name.value) {
            paging.used.insert(choice.operation)
            switch choice.paging {
            case .none:
                return nil
            case .spec(let spec):
                extensionUses.append(ExtensionUse(name: "pagination", target: .pagination(strategy: strategy.name.value), places: spec.places))
                return spec
            case .kind(let kind):
                let evidence = PagingEvidence(strategy: strategy, models: models, modelPlaces: modelPlaces, at: strategy.name.location)
                switch evidence.pagination(of: kind, strict: false) {
                case .found(let spec, _):
                    extensionUses.append(ExtensionUse(name: "pagination", target: .pagination(strategy: strategy.name.value), places: spec.places))
                    return spec
                case .none(let reason), .ambiguous(let reason):
                    let example = Self.pagingExample[kind] ?? ""
                    diagnostics.warning("'\(kind.rawValue)' paging can't be inferred for '\(choice.operation)': \(reason); give its keys instead, e.g. '\(example)'", at: choice.operation.location)
                    return nil
                }
            }
        }
        if let written = paginationExtension(of: operation, strategy: strategy.name.value) { return written }
        guard paging.config.infers, strategy.method == "GET", strategy.unwrap == nil else { return nil }
        let evidence = PagingEvidence(strategy: strategy, models: models, modelPlaces: modelPlaces, at: strategy.name.location)
        // Only a list operation is told of: its paging, or why it has none.
        guard case .found = evidence.list() else { return nil }
        let place = spellingPointers(pointer.description)
        switch evidence.inferred() {
        case .found(let spec, let reason):
            extensionUses.append(ExtensionUse(name: "inferred pagination", target: .pagination(strategy: strategy.name.value), places: spec.places))
            diagnostics.append(contentsOf: [Diagnostic(.note, "\(PagingNotes.prefix)\(spec.kind.rawValue) (\(reason)) (\(place))", at: strategy.name.location)])
            return spec
        case .none(let reason), .ambiguous(let reason):
            if paging.config.notesUnpagedLists, !evidence.isItemHoldingAList {
                diagnostics.append(contentsOf: [Diagnostic(.note, "\(PagingNotes.noneInferred)\(reason) (\(place))", at: strategy.name.location)])
            }
            return nil
        }
    }

    /// An example of the keys each kind needs, for a configuration whose kind can't be inferred.
    static let pagingExample: [PaginationSpec.Kind: String] = [
        .link: "{ style: link, items: data }",
        .nextURL: "{ style: link, next: links.next, items: data }",
        .cursor: "{ style: cursor, parameter: cursor, next: meta.next_cursor, items: data }",
        .afterLastItem: "{ style: afterLastItem, parameter: starting_after, hasMore: has_more, items: data }",
        .offset: "{ style: offset, parameter: offset, items: data, total: total }",
        .page: "{ style: page, parameter: page, items: data }",
    ]

    /// A warning for each operation the configuration's `pagination` names that isn't imported.
    mutating func warnOfUnusedPagingChoices() {
        for choice in paging.config.operations where !paging.used.contains(choice.operation) {
            diagnostics.warning("'\(choice.operation)' under 'pagination' names no operationId or strategy of \(StrategyGenerator.fileName(of: file))", at: choice.operation.location)
        }
    }
}

extension PaginationSpec {
    /// The places of its keys, where validation would point at a fault in it.
    var places: Set<SourceLocation> {
        Set([location, firstPageLocation].compactMap { $0 } + [parameter, items, next, hasMore, isLast, id, total, totalHeader, pagesHeader].compactMap { $0?.location })
    }
}

/// What an operation's parameters and response say of its paging, read from the spec model
/// the importer built for it.
struct PagingEvidence {
    let strategy: StrategySpec
    let models: [ModelSpec]
    /// Where the last model of each name is in `models`.
    let modelPlaces: [String: Int]
    /// Where the inferred keys are said to be written: the operation's name.
    let location: SourceLocation

    enum Finding {
        case found(PaginationSpec, reason: String)
        case none(String)
        case ambiguous(String)
    }

    init(strategy: StrategySpec, models: [ModelSpec], modelPlaces: [String: Int], at location: SourceLocation) {
        self.strategy = strategy
        self.models = models
        self.modelPlaces = modelPlaces
        self.location = location
    }

    /// The paging the first kind with evidence gives, with why; why none does when no kind has
    /// evidence, or the first that has some has it twice.
    func inferred() -> Finding {
        for kind in PaginationSpec.Kind.allCases {
            switch pagination(of: kind, strict: true) {
            case .found(let spec, let reason): return .found(spec, reason: reason)
            case .ambiguous(let reason): return .ambiguous(reason)
            case .none: continue
            }
        }
        guard strategy.query.contains(where: { Self.pagingParameterNames.contains(Self.normal($0.name.value)) }) else {
            return .none(Self.noPagingParameter)
        }
        return .none("the document says of no next page: no 'Link' header, next URL or cursor in the body, no 'starting_after' the last item's id, and no 'offset' with a page size or 'page' parameter")
    }

    /// Why a list that takes nothing asking for a page has no paging: as the document tells it,
    /// the list comes whole.
    static let noPagingParameter = "the operation takes no parameter that asks for a page (a page, offset, cursor or page size)"

    /// The names of query parameters that ask for a page: its number or position, a cursor, or
    /// its size.
    static let pagingParameterNames: Set<String> = sizeNames.union(cursorNames).union([
        "page", "pagenumber", "pageno", "offset", "skip", "start", "startingafter", "endingbefore", "before", "since",
    ])

    /// The paging of `kind`; `strict` asks for the evidence inference needs, otherwise (a kind
    /// the configuration sets) whatever fits the kind is taken.
    func pagination(of kind: PaginationSpec.Kind, strict: Bool) -> Finding {
        let items: Named?
        switch list() {
        case .found(let path): items = path.map { Named($0, at: location) }
        case .none(let reason): return .none(reason)
        case .ambiguous(let reason): return .ambiguous(reason)
        }
        var spec = PaginationSpec(style: .link, location: location, items: items)
        switch kind {
        case .link:
            guard !strict || strategy.responseHeaders.contains(where: { $0.name.value.lowercased() == "link" }) else { return .none("the response declares no 'Link' header") }
            return .found(spec, reason: "the response's 'Link' header")
        case .nextURL:
            let found = bodyPaths(fields: { isNextURL($0, $1, strict: strict) })
            guard found.count == 1 else { return found.isEmpty ? .none("the body gives no next page's URL") : .ambiguous("the body gives \(Self.list(found)) as the next page's URL") }
            spec.next = Named(found[0], at: location)
            return .found(spec, reason: "the URL at '\(found[0])'")
        case .cursor:
            var pairs: [(path: String, parameter: String)] = []
            for path in bodyPaths(where: { key, type in type.unwrappingOptional == .builtIn(.string) && Self.cursorNames.contains(Self.normal(key)) }) {
                let key = Self.normal(String(path.split(separator: ".").last ?? ""))
                let takers = query(ofType: .string).filter { Self.takes(Self.normal($0), cursor: key) }
                pairs += takers.map { (path, $0) }
            }
            guard pairs.count == 1 else {
                return pairs.isEmpty ? .none("no cursor in the body pairs with a query parameter that takes it") : .ambiguous("cursors pair with query parameters in several ways: " + pairs.map { "'\($0.path)' → '\($0.parameter)'" }.joined(separator: ", "))
            }
            spec.style = .cursor
            spec.next = Named(pairs[0].path, at: location)
            spec.parameter = Named(pairs[0].parameter, at: location)
            return .found(spec, reason: "the body's '\(pairs[0].path)' sent back as '\(pairs[0].parameter)'")
        case .afterLastItem:
            let flags = bodyPaths(depth: 1, where: { key, type in type.unwrappingOptional == .builtIn(.bool) && Self.hasMoreNames.contains(Self.normal(key)) })
            // Without one, a `before` described as taking an id pages a list that comes newest
            // first (Discourse's posts, "with an id lower than this value"): the last item's id asks
            // for older ones. Beside an `after`, a `before` pages backwards (OpenAI's, Stripe's
            // `ending_before`).
            let after = query(ofType: .string).filter { ["startingafter", "after", "afterid"].contains(Self.normal($0)) }
            let parameters = !after.isEmpty ? after : query(ofType: .string).filter { name in
                ["before", "beforeid"].contains(Self.normal(name)) && strategy.query.contains { $0.name.value == name && Self.takesTheLastID($0) }
            }
            // Without a flag, the parameter says by its name or its description that it takes
            // the last item's id, and the list ends at an empty page.
            let takersOfTheLastID = strategy.query.filter { parameters.contains($0.name.value) && Self.takesTheLastID($0) }
            guard !parameters.isEmpty, !flags.isEmpty || !takersOfTheLastID.isEmpty || !strict else { return .none("no 'has_more' in the body with a 'starting_after' parameter") }
            guard flags.count <= 1, parameters.count == 1 else {
                return .ambiguous("several fields say whether more pages follow, or several parameters take the last id")
            }
            guard case .named(let name)? = itemType?.unwrappingOptional, fields(of: name)?.contains(where: { $0.name.value == "id" }) == true else {
                return .none("the items have no 'id'")
            }
            spec.style = .afterLastItem
            (spec.parameter, spec.hasMore, spec.id) = (Named(parameters[0], at: location), flags.first.map { Named($0, at: location) }, Named("id", at: location))
            return .found(spec, reason: "the last item's 'id' sent as '\(parameters[0])' " + (flags.first.map { "while '\($0)'" } ?? "up to an empty page"))
        case .offset, .page:
            let names = kind == .offset ? ["offset", "skip", "start", "startindex"] : ["page", "pagenumber", "pageno"]
            // An offset or a page number the API requires is the caller's first page.
            let parameters = [BuiltIn.int, .int32, .int64].flatMap { query(ofType: $0, required: true) }.filter { names.contains(Self.normal($0)) }
            // An offset needs a page size beside it: alone, it may count something else (a time
            // zone's, a journal's number). A page number is one by its name.
            let sizes = strategy.query.filter { Self.sizeNames.contains(Self.normal($0.name.value)) }
            let needsSize = strict && kind == .offset
            guard parameters.count == 1, !needsSize || !sizes.isEmpty else {
                return parameters.count > 1 ? .ambiguous("several parameters set the \(kind.rawValue)") : .none("no '\(names[0])' parameter\(needsSize ? " with a page size" : "") in the query")
            }
            // Without a page size, a page number counts where its document says it starts: an API
            // counting from 0 would have its second page skipped.
            let field = strategy.query.first { $0.name.value == parameters[0] }
            // An offset counts items from 0: one whose first is 1 (OpenSearch's `startIndex`) would
            // fetch each page's last item again.
            if strict, kind == .offset, field?.defaultValue == .int(1) {
                return .none("'\(parameters[0])' counts from 1, not an offset from 0")
            }
            if strict, kind == .page, sizes.isEmpty, !(field.map { Self.countsFromOne($0) || Self.countsFromZero($0) } ?? false) {
                return .none("'\(parameters[0])' has no page size beside it, and the document doesn't say whether it counts from 0 or 1")
            }
            spec.style = kind == .offset ? .offset : .page
            spec.parameter = Named(parameters[0], at: location)
            if kind == .page, let field = strategy.query.first(where: { $0.name.value == parameters[0] }), Self.countsFromZero(field) {
                spec.firstPage = 0
            }
            let totals = bodyPaths(where: { key, type in Self.isInteger(type) && Self.totalNames.contains(Self.normal(key)) })
            if totals.count == 1 { spec.total = Named(totals[0], at: location) }
            let headers = strategy.responseHeaders.filter { Self.totalHeaderNames.contains(Self.normal($0.name.value)) }
            if totals.isEmpty, headers.count == 1 { spec.totalHeader = Named(headers[0].name.value, at: location) }
            let pages = strategy.responseHeaders.filter { Self.pagesHeaderNames.contains(Self.normal($0.name.value)) }
            if kind == .page, pages.count == 1 { spec.pagesHeader = Named(pages[0].name.value, at: location) }
            let more = endFlags(Self.hasMoreNames), last = endFlags(Self.isLastNames)
            if more.count == 1 { spec.hasMore = Named(more[0], at: location) }
            if last.count == 1 { spec.isLast = Named(last[0], at: location) }
            let ends = [spec.hasMore, spec.isLast, spec.total].compactMap { $0.map { "'\($0)'" } } + [spec.totalHeader, spec.pagesHeader].compactMap { $0.map { "the '\($0)' header" } }
            let end = ends.isEmpty ? "an empty page" : ends.joined(separator: ", ")
            let counting = kind == .offset ? "grows by each page's items" : spec.firstPage == 0 ? "counts up from 0" : "counts up"
            return .found(spec, reason: "'\(parameters[0])' \(counting), up to \(end)")
        }
    }

    /// The paths of the `Bool` fields named one of `names` that say where an offset's or a page
    /// number's list ends: in the body, or in its object of facts about the page
    /// (`meta.has_more`, `pagination.is_last`).
    func endFlags(_ names: Set<String>) -> [String] {
        bodyPaths(depth: 2, where: { key, type in type.unwrappingOptional == .builtIn(.bool) && names.contains(Self.normal(key)) })
            .filter { path in
                let keys = path.split(separator: ".").map { Self.normal(String($0)) }
                return keys.count == 1 || Self.pageFactNames.contains(keys[0])
            }
    }

    // MARK: The list

    /// Whether the operation reads one item that holds a list rather than a list: its path ends
    /// in a parameter (`/webhooks/{webhook_id}`, `/u/{username}.json`) and its body is an object
    /// whose one array is a field of that item (a webhook's `triggers`). It is a list operation
    /// only when the document pages it.
    var isItemHoldingAList: Bool {
        guard case .found(_?) = list(), let last = strategy.path.value.split(separator: "/").last else { return false }
        // The last segment is one parameter, with an extension at most: `{id}`, `{username}.json`.
        guard last.first == "{", let close = last.firstIndex(of: "}") else { return false }
        let rest = last[last.index(after: close)...]
        return rest.isEmpty || (rest.first == "." && !rest.contains("{"))
    }

    /// Where the list is: `nil` for the body itself, else the object's one array field.
    func list() -> ListFinding {
        guard case .type(let output, _)? = strategy.returns else { return .none("the operation returns nothing") }
        if case .array = output.unwrappingOptional { return .found(nil) }
        guard case .named(let name) = output.unwrappingOptional, let fields = fields(of: name) else { return .none("the body is not a list or an object") }
        let arrays = fields.filter { if case .array = $0.type.unwrappingOptional { true } else { false } }
        guard arrays.count == 1 else {
            return arrays.isEmpty ? .none("the body holds no list") : .ambiguous("the body holds several lists: " + Self.list(arrays.map(\.name.value)))
        }
        return .found(arrays[0].name.value)
    }

    enum ListFinding {
        case found(String?)
        case none(String)
        case ambiguous(String)
    }

    /// The type of one item of the list.
    var itemType: TypeReference? {
        guard case .type(let output, _)? = strategy.returns, case .found(let path) = list() else { return nil }
        var type = output.unwrappingOptional
        if let path, case .named(let name) = type { type = fields(of: name)?.first { $0.name.value == path }?.type.unwrappingOptional ?? type }
        if case .array(let element) = type { return element }
        return nil
    }

    // MARK: The body

    /// The fields of an object model, its `allOf` parts' first; `nil` when it isn't one.
    func fields(of name: String, depth: Int = 0) -> [FieldSpec]? {
        guard depth < 8, let model = modelPlaces[name].map({ models[$0] }), case .object(let own) = model.kind else { return nil }
        return model.allOf.flatMap { fields(of: $0.value, depth: depth + 1) ?? [] } + own
    }

    /// The key paths in the body, down to `depth` objects deep, whose field matches.
    func bodyPaths(depth: Int = 3, where matches: (String, TypeReference) -> Bool) -> [String] {
        bodyPaths(depth: depth, fields: { _, field in matches(field.name.value, field.type) })
    }

    /// The key paths in the body, down to `depth` objects deep, whose keys and field match.
    func bodyPaths(depth: Int = 3, fields matches: ([String], FieldSpec) -> Bool) -> [String] {
        guard case .type(let output, _)? = strategy.returns, case .named(let name) = output.unwrappingOptional else { return [] }
        var found: [String] = []
        func walk(_ name: String, _ prefix: String, _ level: Int) {
            for field in fields(of: name) ?? [] {
                let path = prefix + field.name.value
                if matches(path.split(separator: ".").map(String.init), field) { found.append(path) }
                // Only into an object of facts about the page (`response_metadata`, `links`,
                // `paging`): one that holds a list of its own is a list of its own, whose paging
                // isn't this one's.
                if level < depth, case .named(let inner) = field.type.unwrappingOptional, inner != name,
                   !(fields(of: inner) ?? []).contains(where: { if case .array = $0.type.unwrappingOptional { true } else { false } }) {
                    walk(inner, path + ".", level + 1)
                }
            }
        }
        walk(name, "", 1)
        // A key with a dot can't be read as a key path.
        return found.filter { path in path.split(separator: ".").allSatisfy { !$0.isEmpty } && !path.contains("..") }
    }

    /// Whether a body field at `keys` is the next page's URL: named so (`next_page_url`,
    /// `nextLink`), or a `next` typed or said to be a URL, or in the body's links (`links.next`,
    /// `paging.next`, HAL's `_links.next.href`). A bare `next` is a cursor.
    func isNextURL(_ keys: [String], _ field: FieldSpec, strict: Bool) -> Bool {
        let type = field.type.unwrappingOptional
        guard type == .builtIn(.string) || type == .builtIn(.url) else { return false }
        let names = keys.map(Self.normal)
        let key = names.last ?? "", parent = names.dropLast().last
        if Self.nextURLNames.contains(key) { return true }
        if key == "href" { return parent == "next" && names.dropLast(2).last == "links" }
        guard key == "next" else { return false }
        if type == .builtIn(.url) || !strict || parent.map(["links", "paging", "pagination", "meta"].contains) == true { return true }
        let doc = (field.doc ?? "").lowercased()
        return doc.contains("url") || doc.contains("link")
    }

    /// Whether a page number counts from 1, as its default of 1 or its description says
    /// (`Page number e.g. page=1`, `defaults to 1`, `1-based`).
    static func countsFromOne(_ field: FieldSpec) -> Bool {
        if field.defaultValue == .int(1) { return true }
        let doc = (field.doc ?? "").lowercased()
        let words = Set(doc.split { !$0.isLetter && !$0.isNumber }.map(String.init))
        return words.contains("1") || ["one-based", "one based", "1-based"].contains(where: doc.contains)
    }

    /// Whether a page number counts from 0, as its description says (`Zero-based page number`).
    /// A default of 0 isn't taken for it: an API that counts from 1 may read 0 as 1.
    static func countsFromZero(_ field: FieldSpec) -> Bool {
        let doc = (field.doc ?? "").lowercased()
        return ["zero-based", "zero based", "0-based", "0 based", "zero-indexed", "0-indexed"].contains(where: doc.contains)
    }

    /// Whether a parameter taking an id for the next page takes the last item's: named so
    /// (`starting_after`, `after_id`), or described so ("Identifier for the last event from the
    /// previous pagination request", "Load posts with an id lower than this value. Useful for
    /// pagination.").
    static func takesTheLastID(_ field: FieldSpec) -> Bool {
        if ["startingafter", "afterid"].contains(normal(field.name.value)) { return true }
        let words = Set((field.doc ?? "").lowercased().split { !$0.isLetter }.map(String.init))
        return !words.isDisjoint(with: ["id", "ids", "identifier"]) && !words.isDisjoint(with: ["last", "previous", "lower", "older", "pagination"])
    }

    /// The names of the optional query parameters of type `type`: those a page can set; with
    /// `required`, those the caller must give too.
    func query(ofType type: BuiltIn, required: Bool = false) -> [String] {
        strategy.query.filter { $0.type == .optional(.builtIn(type)) || (required && $0.type == .builtIn(type)) }.map(\.name.value)
    }

    static func isInteger(_ type: TypeReference) -> Bool {
        [.builtIn(.int), .builtIn(.int32), .builtIn(.int64)].contains(type.unwrappingOptional)
    }

    /// Lowercased, without separators: `next_page_token`, `nextPageToken` and `next-page-token`
    /// are alike.
    static func normal(_ name: String) -> String {
        String(name.lowercased().filter { $0.isLetter || $0.isNumber })
    }

    /// Whether a query parameter takes back a body's cursor: of the same name, or of its name
    /// without `next` (`next_page_token` → `page_token`), or a generic cursor for a generic one.
    static func takes(_ parameter: String, cursor: String) -> Bool {
        if parameter == cursor { return true }
        if cursor.hasPrefix("next"), parameter == String(cursor.dropFirst(4)) { return true }
        return ["cursor", "nextcursor", "next", "endcursor"].contains(cursor) && ["cursor", "after"].contains(parameter)
    }

    static let cursorNames: Set<String> = [
        "nextcursor", "cursor", "next", "endcursor", "nextpagecursor", "after",
        "nextpagetoken", "pagetoken", "nexttoken", "continuationtoken", "nextcontinuationtoken",
        "nextmarker", "marker", "nextkey", "nextpagekey",
    ]
    static let nextURLNames: Set<String> = ["nexturl", "nextpageurl", "nextlink", "nextpagelink", "nextpageuri", "nexturi"]
    static let hasMoreNames: Set<String> = ["hasmore", "hasnext", "hasnextpage", "hasmorepages", "hasmoreitems", "hasmoreresults", "more"]
    /// A `Bool` that is `true` on the last page (Spring's `last`).
    static let isLastNames: Set<String> = ["last", "islast", "lastpage", "islastpage"]
    /// The objects of a body that hold facts about the page rather than items.
    static let pageFactNames: Set<String> = ["meta", "metadata", "pagination", "paging", "page", "pageinfo", "responsemetadata"]
    /// The response headers that say how many items a list has.
    static let totalHeaderNames: Set<String> = ["xtotalcount", "xtotal", "paginationtotal", "xtotalitems", "xtotalresults", "xtotalrecords"]
    /// The response headers that say how many pages a list has (EVE's `X-Pages`).
    static let pagesHeaderNames: Set<String> = ["xpages", "xtotalpages", "xpagecount", "paginationpages", "paginationpagecount"]
    static let totalNames: Set<String> = ["total", "totalcount", "totalresults", "totalitems", "totalentries", "totalsize", "totalelements"]
    static let sizeNames: Set<String> = ["limit", "perpage", "pagesize", "size", "count", "maxresults", "pagelimit", "take", "top", "max"]

    static func list(_ names: [String]) -> String {
        names.map { "'\($0)'" }.joined(separator: ", ")
    }
}

/// The notes saying which operations' paging was inferred: one a document in the build log,
/// counting them by kind, and every one at its operation's place with `--verbose`.
public enum PagingNotes {
    static let prefix = "pagination inferred: "
    static let noneInferred = "no pagination inferred for this list: "

    /// `diagnostics` with the inference notes of each file made one, at the first one's place:
    /// `note: pagination inferred for 42 operations (link 30, cursor 12); --verbose lists each`;
    /// the notes of lists without paging are left out.
    public static func grouped(_ diagnostics: [Diagnostic]) -> [Diagnostic] {
        var byFile: [String: [Diagnostic]] = [:]
        var order: [String] = []
        for diagnostic in diagnostics where isInference(diagnostic) {
            let file = diagnostic.location?.file ?? ""
            if byFile[file] == nil { order.append(file) }
            byFile[file, default: []].append(diagnostic)
        }
        let kept = diagnostics.filter { !isInference($0) && !isNoInference($0) }
        let notes = order.map { file -> Diagnostic in
            let notes = byFile[file] ?? []
            var counts: [String: Int] = [:]
            for note in notes { counts[kind(of: note), default: 0] += 1 }
            let kinds = PaginationSpec.Kind.allCases.compactMap { kind in counts[kind.rawValue].map { "\(kind.rawValue) \($0)" } }
            let first = notes.min { ($0.location?.line ?? 0, $0.location?.column ?? 0) < ($1.location?.line ?? 0, $1.location?.column ?? 0) }
            let operations = notes.count == 1 ? "1 operation" : "\(notes.count) operations"
            return Diagnostic(.note, "pagination inferred for \(operations) (\(kinds.joined(separator: ", "))); --verbose lists each", at: first?.location)
        }
        return notes + kept
    }

    static func isInference(_ diagnostic: Diagnostic) -> Bool {
        diagnostic.severity == .note && diagnostic.message.hasPrefix(prefix)
    }

    static func isNoInference(_ diagnostic: Diagnostic) -> Bool {
        diagnostic.severity == .note && diagnostic.message.hasPrefix(noneInferred)
    }

    /// The kind a note names: the word after the prefix.
    static func kind(of diagnostic: Diagnostic) -> String {
        String(diagnostic.message.dropFirst(prefix.count).prefix { $0 != " " })
    }
}
