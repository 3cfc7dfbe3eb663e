import Foundation

/// A strategy whose output is one page of a list: it says how the pages follow each other,
/// and which items a page holds. ``StrategyClient/pages(_:_:)`` sends it page by page.
///
/// ```swift
/// extension GetWall: PaginatedStrategy {
///     var pagination: Pagination<Input> { .offset(\.offset, items: "response.items", total: "response.count") }
///     func items(of output: Wall) -> [WallItem] { output.items }
/// }
/// ```
public protocol PaginatedStrategy: Strategy {
    /// One item of a page.
    associatedtype Item: Sendable

    /// How a page leads to the next, and where the list ends.
    var pagination: Pagination<Input> { get }

    /// The items of one page.
    func items(of output: Output) -> [Item]
}

/// How the pages of a list follow each other, and where the list ends; read from each
/// response's body (at key paths, as ``Strategy/outputPath`` is) or its `Link` header.
///
/// Each style changes one input field for the next page and stops where the API says the
/// list ends. A page that names a page already fetched (a cursor or URL that comes back) ends the
/// sequence with ``PaginationError``, so a list never loops.
///
/// A `next` URL on another origin than the API's is followed without the API's credentials:
/// the client adds them only to requests to its own server.
public struct Pagination<Input: Sendable>: Sendable {
    enum Style: Sendable {
        case cursor(WritableKeyPath<Input, String?> & Sendable, next: String)
        case afterLastItem(WritableKeyPath<Input, String?> & Sendable, id: String, hasMore: String?)
        case offset(Number, end: End)
        case page(Number, first: Int, end: End)
        case link(relation: String)
        case nextURL(String)
    }

    /// An input field holding an offset or a page number, of any integer type.
    struct Number: Sendable {
        let get: @Sendable (Input) -> Int?
        /// Sets the field; `false` when the value doesn't fit its type.
        let set: @Sendable (inout Input, Int) -> Bool

        init<N: FixedWidthInteger & Sendable>(_ field: WritableKeyPath<Input, N?> & Sendable) {
            self.init(reading: { $0[keyPath: field] }, writing: { $0[keyPath: field] = $1 })
        }

        /// A field the API requires: the caller's value is the first page's.
        init<N: FixedWidthInteger & Sendable>(_ field: WritableKeyPath<Input, N> & Sendable) {
            self.init(reading: { $0[keyPath: field] }, writing: { $0[keyPath: field] = $1 })
        }

        /// A number of type `N` read and written as an `Int`, set only where it fits.
        private init<N: FixedWidthInteger & Sendable>(reading: @escaping @Sendable (Input) -> N?, writing: @escaping @Sendable (inout Input, N) -> Void) {
            get = { input in reading(input).flatMap { Int(exactly: $0) } }
            set = { input, value in
                guard let number = N(exactly: value) else { return false }
                writing(&input, number)
                return true
            }
        }
    }

    /// Where the response says an offset's or a page number's list ends, besides an empty page.
    struct End: Sendable {
        /// A `Bool` in the body: `false` on the last page.
        var hasMore: String?
        /// A `Bool` in the body: `true` on the last page.
        var isLast: String?
        /// The number of items in the list, in the body.
        var total: String?
        /// The number of items in the list, in a response header.
        var totalHeader: String?
        /// The number of pages in the list, in a response header.
        var pagesHeader: String? = nil

        /// Whether the body says the list ends with this page.
        func saysLast(_ json: Any?) -> Bool {
            if let hasMore, JSONPath.value(at: JSONPath.keys(hasMore), in: json) as? Bool != true { return true }
            if let isLast, JSONPath.value(at: JSONPath.keys(isLast), in: json) as? Bool == true { return true }
            return false
        }

        /// The number of items the list has, as the body or the header says; a total of 0 is
        /// no total (an API may count only when asked to, as VocaDB's `totalCount` without
        /// `getTotalCount`).
        func total(_ json: Any?, _ response: HTTPResponse) -> Int? {
            var count: Int?
            if let total { count = JSONPath.value(at: JSONPath.keys(total), in: json) as? Int }
            if count == nil, let totalHeader { count = Self.number(in: totalHeader, of: response) }
            return count.flatMap { $0 > 0 ? $0 : nil }
        }

        /// The number of pages the list has, as the header says; 0 is no number.
        func pages(_ response: HTTPResponse) -> Int? {
            pagesHeader.flatMap { Self.number(in: $0, of: response) }.flatMap { $0 > 0 ? $0 : nil }
        }

        static func number(in header: String, of response: HTTPResponse) -> Int? {
            guard let name = HTTPField.Name(header), let field = response.headerFields[name] else { return nil }
            return Int(field.trimmingCharacters(in: .whitespaces))
        }
    }

    let style: Style
    /// Where a page's items are in the body; `nil` when the body is the list.
    let items: String?

    /// A cursor the body names, sent back for the next page (Slack's
    /// `response_metadata.next_cursor`); the list ends when there is none, or it is empty.
    public static func cursor(_ parameter: WritableKeyPath<Input, String?> & Sendable, next: String, items: String? = nil) -> Self {
        Self(style: .cursor(parameter, next: next), items: items)
    }

    /// The last item's `id`, sent for the next page (Stripe's `starting_after`) while the body's
    /// `hasMore` is `true`; without `hasMore`, up to an empty page.
    public static func afterLastItem(_ parameter: WritableKeyPath<Input, String?> & Sendable, id: String = "id", hasMore: String? = nil, items: String? = nil) -> Self {
        Self(style: .afterLastItem(parameter, id: id, hasMore: hasMore), items: items)
    }

    /// An offset that grows by each page's number of items (VK's `offset`); the list ends at
    /// an empty page, when the body's `hasMore` isn't `true` or its `isLast` is, or when the
    /// offset reaches the `total` of items the body or the `totalHeader` says (a total of 0
    /// beside items is taken for none given).
    public static func offset<N: FixedWidthInteger & Sendable>(_ parameter: WritableKeyPath<Input, N?> & Sendable, items: String? = nil, hasMore: String? = nil, isLast: String? = nil, total: String? = nil, totalHeader: String? = nil) -> Self {
        Self(style: .offset(Number(parameter), end: End(hasMore: hasMore, isLast: isLast, total: total, totalHeader: totalHeader)), items: items)
    }

    /// An offset the API requires: the caller's is the first page's (`offset: 0`), and it grows
    /// and ends as an optional offset does.
    public static func offset<N: FixedWidthInteger & Sendable>(_ parameter: WritableKeyPath<Input, N> & Sendable, items: String? = nil, hasMore: String? = nil, isLast: String? = nil, total: String? = nil, totalHeader: String? = nil) -> Self {
        Self(style: .offset(Number(parameter), end: End(hasMore: hasMore, isLast: isLast, total: total, totalHeader: totalHeader)), items: items)
    }

    /// A page number counted from `first` (1 unless the API counts from 0, as Star Trek's
    /// `pageNumber` does) when the input has none; the list ends at an empty page, when the body's
    /// `hasMore` isn't `true` (Stack Exchange's `has_more`) or its `isLast` is (Spring's `last`),
    /// when the pages so far hold the `total` of items the body or the `totalHeader` says, or at
    /// the number of pages the `pagesHeader` says (EVE's `X-Pages`).
    public static func page<N: FixedWidthInteger & Sendable>(_ parameter: WritableKeyPath<Input, N?> & Sendable, first: Int = 1, items: String? = nil, hasMore: String? = nil, isLast: String? = nil, total: String? = nil, totalHeader: String? = nil, pagesHeader: String? = nil) -> Self {
        Self(style: .page(Number(parameter), first: first, end: End(hasMore: hasMore, isLast: isLast, total: total, totalHeader: totalHeader, pagesHeader: pagesHeader)), items: items)
    }

    /// A page number the API requires: the caller's is the first page, and each next one is one
    /// more, up to where the list ends as for an optional page number.
    public static func page<N: FixedWidthInteger & Sendable>(_ parameter: WritableKeyPath<Input, N> & Sendable, first: Int = 1, items: String? = nil, hasMore: String? = nil, isLast: String? = nil, total: String? = nil, totalHeader: String? = nil, pagesHeader: String? = nil) -> Self {
        Self(style: .page(Number(parameter), first: first, end: End(hasMore: hasMore, isLast: isLast, total: total, totalHeader: totalHeader, pagesHeader: pagesHeader)), items: items)
    }

    /// The URL of the `Link` header's `rel="next"` (GitHub's); the list ends without one.
    public static func link(relation: String = "next", items: String? = nil) -> Self {
        Self(style: .link(relation: relation), items: items)
    }

    /// The URL the body gives for the next page (Spotify's `next`, Azure's `nextLink`), relative
    /// to the request's own or absolute; the list ends when there is none.
    public static func nextURL(at path: String, items: String? = nil) -> Self {
        Self(style: .nextURL(path), items: items)
    }

    /// Where the page after the one `input` fetched is, given that page's response and body;
    /// `nil` where the list ends.
    func next(after input: Input, request: HTTPRequest, response: HTTPResponse, body: Data) -> Next? {
        let json = try? JSONSerialization.jsonObject(with: body, options: [.fragmentsAllowed])
        let list = (items.map { JSONPath.value(at: JSONPath.keys($0), in: json) } ?? json) as? [Any] ?? []
        var next = input
        switch style {
        case .cursor(let parameter, let path):
            guard let cursor = JSONPath.value(at: JSONPath.keys(path), in: json).flatMap(Self.text), !cursor.isEmpty else { return nil }
            next[keyPath: parameter] = cursor
        case .afterLastItem(let parameter, let id, let hasMore):
            if let hasMore, JSONPath.value(at: JSONPath.keys(hasMore), in: json) as? Bool != true { return nil }
            guard let last = list.last, let lastID = JSONPath.value(at: JSONPath.keys(id), in: last).flatMap(Self.text) else { return nil }
            next[keyPath: parameter] = lastID
        case .offset(let parameter, let end):
            guard !list.isEmpty, !end.saysLast(json) else { return nil }
            let offset = (parameter.get(input) ?? 0) + list.count
            if let count = end.total(json, response), offset >= count { return nil }
            guard parameter.set(&next, offset) else { return nil }
        case .page(let parameter, let first, let end):
            guard !list.isEmpty, !end.saysLast(json) else { return nil }
            let page = parameter.get(input) ?? first
            // Every page before a full one is full, so the pages so far, of this one's size, are
            // at most the items so far: at `total` or more, the list has ended.
            if let count = end.total(json, response), (page - first + 1) * list.count >= count { return nil }
            if let pages = end.pages(response), page - first + 1 >= pages { return nil }
            guard parameter.set(&next, page + 1) else { return nil }
        case .link(let relation):
            guard let field = response.headerFields[HTTPField.Name("Link")!],
                  let target = LinkHeader.target(of: relation, in: field),
                  let url = URL(string: target, relativeTo: request.url)?.absoluteURL else { return nil }
            return .url(input, url)
        case .nextURL(let path):
            guard let target = JSONPath.value(at: JSONPath.keys(path), in: json) as? String, !target.isEmpty,
                  let url = URL(string: target, relativeTo: request.url)?.absoluteURL else { return nil }
            return .url(input, url)
        }
        return .input(next)
    }

    /// Where the next page is: the input that asks for it, or a URL the response gave.
    enum Next: Sendable {
        case input(Input)
        case url(Input, URL)
    }

    /// What tells a page from the others: the value of the field the style changes, or the URL.
    func position(of next: Next) -> String {
        switch (next, style) {
        case (.url(_, let url), _): "url " + url.absoluteString
        case (.input(let input), .cursor(let parameter, _)), (.input(let input), .afterLastItem(let parameter, _, _)):
            "input " + (input[keyPath: parameter] ?? "")
        case (.input(let input), .offset(let parameter, _)): "input \(parameter.get(input) ?? 0)"
        case (.input(let input), .page(let parameter, let first, _)): "input \(parameter.get(input) ?? first)"
        case (.input, .link), (.input, .nextURL): "input"
        }
    }

    /// A string or a number as text: ids and cursors come as either.
    private static func text(_ value: Any) -> String? {
        switch value {
        case let string as String: string
        case let number as NSNumber: number.stringValue
        default: nil
        }
    }
}

/// Why a list's pages ended in error where the API's answers don't: a page named a page already
/// fetched, which would make the list loop. Thrown as ``CallError/decoding(_:body:)`` with the
/// body that named it.
public struct PaginationError: Error, Hashable, Sendable, CustomStringConvertible {
    /// The cursor, id, number or URL that came back.
    public var repeated: String

    /// What went wrong, naming the page that came back.
    public var description: String {
        "the response names a page already fetched (\(repeated)); the pages would loop"
    }
}

/// Reads RFC 8288 `Link` headers: `<https://api.example.com/items?page=2>; rel="next", <…>; rel="last"`.
enum LinkHeader {
    /// The target of the first link whose `rel` lists `relation`.
    static func target(of relation: String, in field: String) -> String? {
        for link in field.split(separator: ",") {
            let parts = link.split(separator: ";").map { $0.trimmingCharacters(in: .whitespaces) }
            guard let first = parts.first, first.hasPrefix("<"), first.hasSuffix(">") else { continue }
            let relations = parts.dropFirst().compactMap { parameter -> [String]? in
                let pair = parameter.split(separator: "=", maxSplits: 1).map { $0.trimmingCharacters(in: .whitespaces) }
                guard pair.count == 2, pair[0].lowercased() == "rel" else { return nil }
                return pair[1].trimmingCharacters(in: CharacterSet(charactersIn: "\"")).lowercased().split(separator: " ").map(String.init)
            }.flatMap { $0 }
            if relations.contains(relation.lowercased()) { return String(first.dropFirst().dropLast()) }
        }
        return nil
    }
}

extension JSONPath {
    /// The value at `keys` in a parsed JSON value; `nil` when there is none.
    static func value(at keys: [String], in json: Any?) -> Any? {
        var current = json
        for key in keys {
            guard let object = current as? [String: Any] else { return nil }
            current = object[key]
        }
        return current is NSNull ? nil : current
    }
}
