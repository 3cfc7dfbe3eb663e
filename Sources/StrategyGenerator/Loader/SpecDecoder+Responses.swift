extension SpecDecoder {
    /// `responseHeaders: [ETag, Link]` (text), or `{ X-RateLimit-Remaining: Int, … }`.
    func responseHeaders(_ node: YAMLNode, of what: String) -> [FieldSpec] {
        let owner = "'responseHeaders' of \(what)"
        let fields: [FieldSpec]
        if case .sequence(let items) = node.kind {
            fields = items.compactMap { item in
                named(item, "a header name in \(owner)").map { FieldSpec(name: $0, type: .builtIn(.string), typeLocation: $0.location) }
            }
        } else if let entries = mapping(node, owner, expecting: "a list of header names, or a mapping of header names to types") {
            fields = decodeFields(entries, of: owner)
        } else {
            fields = []
        }
        return fields.filter { checkHeaderName($0.name, owner) }.map { field in
            var field = field
            if !field.type.isOptional { field.type = .optional(field.type) }
            return field
        }
    }

    /// The cases of one status: a case, or a list of cases tried in order, where each but the
    /// last may match by a header: `{ case: rateLimited, header: { X-RateLimit-Remaining: "0" } }`.
    func decodeStatusCases(_ pair: (key: YAMLNode, value: YAMLNode)) -> [StatusCase] {
        guard case .sequence(let items) = pair.value.kind else {
            return decodeStatusCase(pair).map { [$0] } ?? []
        }
        return items.compactMap { item in
            guard case .mapping(let pairs) = item.kind, pairs.contains(where: { $0.key.scalar == "case" }) else {
                return decodeStatusCase((pair.key, item))
            }
            guard let body = mapping(item, "a case of status \(pair.key.scalar ?? "")", expecting: "") else { return nil }
            let what = "the case of status \(pair.key.scalar ?? "")"
            checkKeys(body, allowed: SpecKeys.headerCase, in: what)
            guard var statusCase = body["case"].flatMap({ decodeStatusCase((pair.key, $0)) }) else { return nil }
            guard let headerNode = body.required("header", example: "header: { X-RateLimit-Remaining: \"0\" }", in: what, &diagnostics),
                  let header = mapping(headerNode, "'header' of \(what)", expecting: "a header name and the value it must have") else { return nil }
            guard header.pairs.count == 1, let (nameNode, valueNode) = header.pairs.first.map({ ($0.key, $0.value) }) else {
                diagnostics.error("'header' of \(what) must be one header and its value, e.g. '{ X-RateLimit-Remaining: \"0\" }'", at: headerNode.location)
                return nil
            }
            guard let name = named(nameNode, "a header name"), checkHeaderName(name, "'header' of \(what)"),
                  let value = string(valueNode, "the value of header '\(name)'") else { return nil }
            statusCase.header = HeaderCondition(name: name, value: value)
            return statusCase
        }
    }
}
