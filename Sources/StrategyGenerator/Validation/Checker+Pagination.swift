extension Checker {
    /// A paginated strategy names a query parameter of the right type, the keys its style needs
    /// and no others, and where its items are.
    mutating func pagination(of strategy: StrategySpec) {
        guard let pagination = strategy.pagination else { return }
        let what = "strategy '\(strategy.name)'"
        let style = pagination.style
        let keys: [(String, Named?, [PaginationSpec.Style])] = [
            ("next", pagination.next, [.cursor, .link]),
            ("hasMore", pagination.hasMore, [.afterLastItem, .offset, .page]),
            ("isLast", pagination.isLast, [.offset, .page]),
            ("id", pagination.id, [.afterLastItem]),
            ("total", pagination.total, [.offset, .page]),
            ("totalHeader", pagination.totalHeader, [.offset, .page]),
            ("pagesHeader", pagination.pagesHeader, [.page]),
            ("parameter", pagination.parameter, [.cursor, .afterLastItem, .offset, .page]),
        ]
        for (key, value, styles) in keys {
            if let value, !styles.contains(style) {
                diagnostics.error("'\(key)' doesn't apply to paging style '\(style.rawValue)' of \(what)", at: value.location)
            }
        }
        if let first = pagination.firstPageLocation {
            if style != .page {
                diagnostics.error("'firstPage' doesn't apply to paging style '\(style.rawValue)' of \(what)", at: first)
            } else if let number = pagination.firstPage, number < 0 {
                diagnostics.error("'firstPage' of \(what) is \(number); a first page number is 0 or more, e.g. 'firstPage: 0' for zero-based pages", at: first)
            }
        }
        for (key, header, example) in [("totalHeader", pagination.totalHeader, "X-Total-Count"), ("pagesHeader", pagination.pagesHeader, "X-Pages")] {
            if let header, !Vocabulary.isHTTPToken(header.value) {
                diagnostics.error("'\(key)' of \(what) is '\(header)', not a header name; e.g. '\(key): \(example)'", at: header.location)
            }
        }
        if style == .cursor, pagination.next == nil {
            diagnostics.error("paging style 'cursor' of \(what) needs 'next', e.g. 'next: response_metadata.next_cursor'", at: pagination.location)
        }
        if style != .link {
            parameter(of: strategy, pagination, what: what)
        }
        if case .failure(let error) = types.pageItems(of: strategy) {
            diagnostics.error("the pages of \(what) can't be read: \(error.message)", at: pagination.items?.location ?? pagination.location)
        }
    }

    private mutating func parameter(of strategy: StrategySpec, _ pagination: PaginationSpec, what: String) {
        let style = pagination.style
        guard let parameter = pagination.parameter else {
            diagnostics.error("paging style '\(style.rawValue)' of \(what) needs 'parameter', the query parameter that asks for the next page", at: pagination.location)
            return
        }
        guard let field = strategy.query.first(where: { $0.name.value == parameter.value }) else {
            let known = strategy.query.map { "'\($0.name)'" }.joined(separator: ", ")
            diagnostics.error("'\(parameter)' is not a query parameter of strategy '\(strategy.name)'\(known.isEmpty ? "" : "; it has \(known)")", at: parameter.location)
            return
        }
        let type: TypeReference = [.offset, .page].contains(style) ? .optional(.builtIn(.int)) : .optional(.builtIn(.string))
        // An offset or a page number may be of any integer type, and required: the caller's
        // value is the first page's.
        let integers: [TypeReference] = [BuiltIn.int, .int32, .int64].flatMap { [.optional(.builtIn($0)), .builtIn($0)] }
        if field.type != type, !([.offset, .page].contains(style) && integers.contains(field.type)) {
            diagnostics.error("query parameter '\(parameter)' sets the next page for paging style '\(style.rawValue)', so it must have type '\(type)', not '\(field.type)'", at: field.typeLocation)
        }
    }
}
