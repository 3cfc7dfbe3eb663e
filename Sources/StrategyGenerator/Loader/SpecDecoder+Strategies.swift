extension SpecDecoder {
    func decodeStrategies(_ node: YAMLNode) -> [StrategySpec] {
        guard let entries = mapping(node, "'strategies'", expecting: "a mapping of strategy names to endpoints") else { return [] }
        return entries.pairs.compactMap { pair in
            guard let name = identifier(pair.key, "a strategy name") else { return nil }
            return decodeStrategy(name, pair.value)
        }
    }

    /// `auth: key`, `auth: none`, or any of several ways, the first the caller gave credentials
    /// for: `auth: [basic, bearer]`, a way of schemes sent together written as a list
    /// (`[[key, appId], bearer]`), and `none` for a way without credentials.
    private func decodeAuthUse(_ node: YAMLNode, of what: String) -> AuthUse? {
        guard case .sequence(let items) = node.kind else {
            return identifier(node, "the auth scheme of \(what)").map { $0.value == "none" ? .none : .scheme($0) }
        }
        let ways: [[Named]] = items.compactMap { item in
            if case .sequence(let schemes) = item.kind {
                return schemes.compactMap { identifier($0, "an auth scheme of \(what)") }
            }
            return identifier(item, "an auth scheme of \(what)").map { $0.value == "none" ? [] : [$0] }
        }
        guard !ways.isEmpty else {
            diagnostics.error("'auth' of \(what) lists no scheme; name one, or write 'none'", at: node.location)
            return nil
        }
        return .anyOf(ways)
    }

    private func decodeStrategy(_ name: Named, _ node: YAMLNode) -> StrategySpec? {
        let what = "strategy '\(name)'"
        guard let body = mapping(node, what, expecting: "a mapping such as '{ GET: /users/{id}, returns: User }'") else { return nil }
        checkKeys(body, allowed: SpecKeys.strategy, in: what)

        let routes = body.pairs.filter { SpecKeys.methods.contains($0.key.scalar ?? "") }
        guard let route = routes.first else {
            diagnostics.error("\(what) needs a method and a path, e.g. 'GET: /users/{id}'", at: node.location)
            return nil
        }
        if routes.count > 1 {
            let names = routes.compactMap(\.key.scalar).joined(separator: ", ")
            diagnostics.error("\(what) has more than one method (\(names)); write one strategy per method", at: routes[1].key.location)
        }
        guard let path = named(route.value, "the path of \(what)") else { return nil }
        if !path.value.hasPrefix("/") && !Self.isWholeURLPlaceholder(path.value) {
            diagnostics.error("the path of \(what) must start with '/', or be one placeholder of type URL such as '{upload_url}': '\(path)'", at: path.location)
        }
        if let percent = Self.firstBarePercent(in: path.value) {
            diagnostics.error("the path of \(what) has a '%' that doesn't start a percent-escape such as '%20' (at '\(percent)'); a path is sent as written, so write '%25' for a '%' itself", at: path.location)
        }

        func fields(_ key: String, _ expecting: String) -> [FieldSpec] {
            body[key].flatMap { mapping($0, "'\(key)' of \(what)", expecting: expecting) }
                .map { decodeFields($0, of: "'\(key)' of \(what)") } ?? []
        }

        let query = parameters(body["query"], "'query' of \(what)", expecting: "a mapping of query items to types")
        let headers = parameters(body["headers"], "'headers' of \(what)", expecting: "a mapping of header names to types")
        let cookies = parameters(body["cookies"], "'cookies' of \(what)", expecting: "a mapping of cookie names to types")
        var strategy = StrategySpec(
            name: name,
            doc: body["doc"].flatMap { string($0, "the 'doc' of \(what)") },
            method: route.key.scalar ?? "GET",
            path: path,
            pathParameters: fields("path", "a mapping of path parameters to types"),
            query: query.fields,
            headers: headers.fields.filter { checkHeaderName($0.name, "'headers' of \(what)") },
            body: body["body"].flatMap { decodeBody($0, of: what) },
            returns: body["returns"].flatMap { decodeReturns($0, of: what) },
            unwrap: body["unwrap"].flatMap { named($0, "'unwrap' of \(what)") },
            errorType: body["errors"].flatMap { identifier($0, "the error type of \(what)") },
            successStatus: body["success"].flatMap { statusRange($0, of: what) },
            auth: body["auth"].flatMap { decodeAuthUse($0, of: what) } ?? .inherited,
            timeout: body["timeout"].flatMap { number($0, "'timeout' of \(what)") },
            connectTimeout: body["connectTimeout"].flatMap { positiveSeconds($0, "'connectTimeout' of \(what)") },
            maxResponseBytes: body["maxResponseBytes"].flatMap { byteCount($0, "'maxResponseBytes' of \(what)") },
            retry: body["retry"].flatMap(decodeRetry),
            excludedMiddlewares: body["skip"].flatMap { list($0, "'skip' of \(what)") }?.compactMap { string($0, "a middleware name") } ?? [],
            example: body["example"]?.value,
            deprecated: body["deprecated"].flatMap(deprecation),
            signsIn: body["signsIn"].flatMap { identifier($0, "the scheme \(what) signs in to") },
            exampleLocation: body["example"]?.location,
            server: body["server"].flatMap { decodeStrategyServer($0, of: what) },
            pagination: body["pagination"].flatMap { decodePagination($0, of: what) }
        )
        strategy.stream = body["stream"].flatMap { decodeStream($0, of: what) }
        strategy.responseHeaders = body["responseHeaders"].map { responseHeaders($0, of: what) } ?? []
        strategy.constantQuery = query.constants.filter { item in
            checkNoControlCharacters(item.value, "the 'const' of '\(item.name)'", at: item.name.location)
        }
        strategy.constantHeaders = headers.constants.filter { header in
            checkHeaderName(header.name, "'headers' of \(what)") && checkHeaderValue(header, "'headers' of \(what)")
        }
        strategy.cookies = cookies.fields.filter { checkCookieName($0.name, "'cookies' of \(what)") }
        strategy.constantCookies = cookies.constants.filter { cookie in
            checkCookieName(cookie.name, "'cookies' of \(what)") && checkCookieValue(cookie, "'cookies' of \(what)")
        }
        return strategy
    }

    /// `body: NewPost`, or one of `json:`, `form:`, `multipart:` with fields, or `raw: content/type`.
    private func decodeBody(_ node: YAMLNode, of what: String) -> BodySpec? {
        if node.scalar != nil {
            return typeReference(node, "the body of \(what)").map { .json($0, node.location) }
        }
        guard let body = mapping(node, "the body of \(what)", expecting: "a type, or a mapping with one of 'json', 'form', 'multipart', 'raw'") else { return nil }
        checkKeys(body, allowed: SpecKeys.body, in: "the body of \(what)")
        guard body.pairs.count == 1, let kind = body.pairs.first?.key.scalar, let value = body.pairs.first?.value else {
            diagnostics.error("the body of \(what) needs exactly one of 'json', 'form', 'multipart', 'raw'", at: node.location)
            return nil
        }
        if kind == "raw" {
            return string(value, "the content type of the raw body").map { .raw(contentType: $0) }
        }
        if kind == "json", value.scalar != nil {
            return typeReference(value, "the body of \(what)").map { .json($0, value.location) }
        }
        guard let fields = mapping(value, "'\(kind)' body of \(what)", expecting: "a mapping of field names to types") else { return nil }
        let decoded = decodeFields(fields, of: "the body of \(what)")
        switch kind {
        case "form": return .form(decoded)
        case "multipart": return .multipart(decoded)
        default: return .jsonFields(decoded)
        }
    }

    private func decodeReturns(_ node: YAMLNode, of what: String) -> ReturnSpec? {
        if node.scalar != nil {
            return typeReference(node, "the 'returns' type of \(what)").map { .type($0, node.location) }
        }
        return mapping(node, "'returns' of \(what)", expecting: "a type, or a mapping of fields").map { .fields(decodeFields($0, of: "'returns' of \(what)")) }
    }

    /// `success: 200`, or `success: 200-299`.
    private func statusRange(_ node: YAMLNode, of what: String) -> ClosedRange<Int>? {
        guard let text = string(node, "'success' of \(what)") else { return nil }
        let bounds = text.split(separator: "-").map { Int($0.trimmingCharacters(in: .whitespaces)) }
        guard (1...2).contains(bounds.count), let low = bounds.first ?? nil, let high = bounds.last ?? nil,
              (100...599).contains(low), (low...599).contains(high) else {
            diagnostics.error("'success' of \(what) must be a status code or a range such as '200-299'; found '\(text)'", at: node.location)
            return nil
        }
        return low...high
    }
}

extension SpecDecoder {
    /// The text from the first `%` in `path` that isn't followed by two hex digits; nil if none.
    static func firstBarePercent(in path: String) -> String? {
        let scalars = Array(path.unicodeScalars)
        for index in scalars.indices where scalars[index] == "%" {
            let escape = scalars[(index + 1)...].prefix(2)
            if escape.count < 2 || !escape.allSatisfy({ $0.properties.isASCIIHexDigit }) {
                return String(String.UnicodeScalarView(scalars[index...].prefix(3)))
            }
        }
        return nil
    }
}
