extension SpecDecoder {
    /// `pagination: { style: offset, parameter: offset, items: response.items, total: response.count }`
    func decodePagination(_ node: YAMLNode, of what: String) -> PaginationSpec? {
        let place = "'pagination' of \(what)"
        guard let body = mapping(node, place, expecting: "a mapping such as '{ style: cursor, parameter: cursor, next: meta.next_cursor }'") else { return nil }
        checkKeys(body, allowed: SpecKeys.pagination, in: place)
        guard let styleNode = body.required("style", example: "style: cursor", in: place, &diagnostics),
              let styleName = string(styleNode, "the style of \(place)") else { return nil }
        guard let style = PaginationSpec.Style(rawValue: styleName) else {
            let styles = PaginationSpec.Style.allCases.map(\.rawValue).joined(separator: ", ")
            diagnostics.error("unknown paging style '\(styleName)' in \(place); expected one of: \(styles)", at: styleNode.location)
            return nil
        }
        func path(_ key: String) -> Named? {
            body[key].flatMap { named($0, "'\(key)' of \(place)") }
        }
        var pagination = PaginationSpec(
            style: style,
            location: styleNode.location,
            parameter: path("parameter"),
            items: path("items"),
            next: path("next"),
            hasMore: path("hasMore"),
            isLast: path("isLast"),
            id: path("id"),
            total: path("total"),
            totalHeader: path("totalHeader"),
            pagesHeader: path("pagesHeader")
        )
        if let first = body["firstPage"] {
            pagination.firstPage = integer(first, "'firstPage' of \(place)")
            pagination.firstPageLocation = first.location
        }
        return pagination
    }
}
