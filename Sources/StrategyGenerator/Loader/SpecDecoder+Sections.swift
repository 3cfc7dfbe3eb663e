extension SpecDecoder {
    func decodeServers(_ node: YAMLNode) -> [ServerSpec] {
        guard let entries = mapping(node, "'servers'", expecting: "a mapping of server names to URLs") else { return [] }
        return entries.pairs.compactMap { pair in
            guard let name = identifier(pair.key, "a server name") else { return nil }
            let what = "server '\(name)'"
            var urlNode = pair.value
            var doc: String?
            var variables: [ServerVariable] = []
            if let body = mapping(pair.value, what, expecting: "a URL, or a mapping with 'url'", ifNotScalar: true) {
                checkKeys(body, allowed: SpecKeys.server, in: what)
                guard let url = body.required("url", example: "url: https://{region}.example.com", in: what, &diagnostics) else { return nil }
                urlNode = url
                doc = body["doc"].flatMap { string($0, "the 'doc' of \(what)") }
                variables = body["variables"].map { decodeServerVariables($0, of: what) } ?? []
            }
            guard let text = string(urlNode, "the URL of \(what)") else { return nil }
            if let scalar = text.unicodeScalars.first(where: \.isControlOrLineBreak) {
                diagnostics.error("the URL of \(what) holds a control character (\(scalar.escapedDescription)); a URL can't carry it", at: urlNode.location)
                return nil
            }
            guard let url = ServerURL(text) else {
                diagnostics.error("\(what) has no valid absolute URL: '\(text)'; write it as 'https://host/base/path'", at: urlNode.location)
                return nil
            }
            if let port = url.port, !(0...65535).contains(port) {
                diagnostics.error("the port of \(what) must be from 0 to 65535", at: urlNode.location)
                return nil
            }
            let declared = variables.map(\.name.value)
            for placeholder in url.placeholders where !declared.contains(placeholder) {
                diagnostics.error("the URL of \(what) uses '{\(placeholder)}'; declare it under 'variables' with a default", at: urlNode.location)
            }
            for variable in variables where !url.placeholders.contains(variable.name.value) {
                diagnostics.error("variable '\(variable.name)' of \(what) does not appear in its URL", at: variable.name.location)
            }
            return ServerSpec(name: name, scheme: url.scheme, host: url.host, port: url.port, basePath: url.path, doc: doc, variables: variables)
        }
    }

    private func decodeServerVariables(_ node: YAMLNode, of server: String) -> [ServerVariable] {
        guard let entries = mapping(node, "'variables' of \(server)", expecting: "a mapping of variable names to defaults") else { return [] }
        return entries.pairs.compactMap { pair -> ServerVariable? in
            guard let name = identifier(pair.key, "a server variable") else { return nil }
            if let text = pair.value.scalar {
                // Reported, and kept so the URL's use of it isn't reported as well.
                _ = checkNoControlCharacters(text, "the default of '\(name)'", at: pair.value.location)
                return ServerVariable(name: name, defaultValue: text, allowedValues: [])
            }
            guard let body = mapping(pair.value, "variable '\(name)'", expecting: "a default value, or a mapping with 'default' and 'enum'") else { return nil }
            checkKeys(body, allowed: SpecKeys.serverVariable, in: "variable '\(name)'")
            guard let defaultNode = body.required("default", example: "default: eu", in: "variable '\(name)'", &diagnostics),
                  let defaultValue = string(defaultNode, "the default of '\(name)'") else { return nil }
            _ = checkNoControlCharacters(defaultValue, "the default of '\(name)'", at: defaultNode.location)
            let allowed = body["enum"].flatMap { list($0, "'enum' of '\(name)'") }?.compactMap { node in
                string(node, "a value of '\(name)'").map { value -> String in
                    _ = checkNoControlCharacters(value, "a value of '\(name)'", at: node.location)
                    return value
                }
            } ?? []
            if !allowed.isEmpty, !allowed.contains(defaultValue) {
                diagnostics.error("the default '\(defaultValue)' of '\(name)' is not one of its values", at: defaultNode.location)
            }
            return ServerVariable(name: name, defaultValue: defaultValue, allowedValues: allowed)
        }
    }

    func decodeDefaults(_ node: YAMLNode) -> DefaultsSpec {
        var defaults = DefaultsSpec()
        guard let body = mapping(node, "'defaults'", expecting: "a mapping with keys such as 'query', 'headers' and 'auth'") else { return defaults }
        checkKeys(body, allowed: SpecKeys.defaults, in: "'defaults'")
        defaults.query = body["query"].map { constants($0, "'query' of 'defaults'") } ?? []
        defaults.headers = body["headers"].map { constants($0, "'headers' of 'defaults'") } ?? []
        defaults.headers = defaults.headers.filter { header in
            checkHeaderName(header.name, "'headers' of 'defaults'") && checkHeaderValue(header, "'headers' of 'defaults'")
        }
        defaults.auth = body["auth"].flatMap { identifier($0, "the default auth scheme") }
        defaults.timeout = body["timeout"].flatMap { number($0, "'timeout'") }
        defaults.connectTimeout = body["connectTimeout"].flatMap { positiveSeconds($0, "'connectTimeout'") }
        defaults.maxResponseBytes = body["maxResponseBytes"].flatMap { byteCount($0, "'maxResponseBytes'") }
        defaults.retry = body["retry"].flatMap(decodeRetry)
        defaults.dateFormat = body["dates"].flatMap { dateFormat($0, "'dates'") }
        defaults.arrayStyle = body["arrays"].flatMap { oneOf($0, "'arrays'", SpecKeys.arrayStyles) }
        defaults.booleanFormat = body["booleans"].flatMap { booleanFormat($0, "'booleans' of 'defaults'") }
        return defaults
    }

    private func constants(_ node: YAMLNode, _ what: String) -> [ConstantParameter] {
        guard let entries = mapping(node, what, expecting: "a mapping of names to values") else { return [] }
        return entries.pairs.compactMap { pair in
            guard let name = named(pair.key, "a name in \(what)"), let value = string(pair.value, "the value of '\(name)'") else { return nil }
            return ConstantParameter(name: name, value: value)
        }
    }

    /// The most retries a `retry` may ask for.
    static let maximumRetries = 100

    func decodeRetry(_ node: YAMLNode) -> RetrySpec? {
        if node.scalar == "none" { return RetrySpec(maxRetries: 0, baseDelay: nil, methods: []) }
        guard let body = mapping(node, "'retry'", expecting: "'none' or a mapping such as '{ max: 3, delay: 0.5 }'") else { return nil }
        checkKeys(body, allowed: SpecKeys.retry, in: "'retry'")
        var max = body["max"].flatMap { integer($0, "'max' of 'retry'") } ?? 2
        if let node = body["max"], !(0...Self.maximumRetries).contains(max) {
            diagnostics.error("'max' of 'retry' must be from 0 to \(Self.maximumRetries)", at: node.location)
            max = 0
        }
        let methods = body["methods"].flatMap { list($0, "'methods' of 'retry'") }?.compactMap { oneOf($0, "a method", SpecKeys.methods) } ?? []
        var retry = RetrySpec(maxRetries: max, baseDelay: body["delay"].flatMap { number($0, "'delay' of 'retry'") }, methods: methods)
        if let node = body["idempotencyKey"], let header = string(node, "'idempotencyKey' of 'retry'") {
            if !Vocabulary.isHTTPToken(header) {
                diagnostics.error("'\(header)' is not a header name for 'idempotencyKey'; use letters, digits and '-', e.g. 'Idempotency-Key'", at: node.location)
            } else {
                retry.idempotencyKeyHeader = header
            }
        }
        return retry
    }

    /// Whether `name` can go on the wire as a header name (an HTTP token); an error at its place if not.
    func checkHeaderName(_ name: Named, _ what: String) -> Bool {
        guard Vocabulary.isHTTPToken(name.value) else {
            diagnostics.error("'\(name.value)' in \(what) is not a header name; use letters, digits and !#$%&'*+-.^_`|~, e.g. 'X-Request-ID'", at: name.location)
            return false
        }
        return true
    }

    /// Whether `name` can name a cookie: an HTTP token, as RFC 6265 says.
    func checkCookieName(_ name: Named, _ what: String) -> Bool {
        guard Vocabulary.isHTTPToken(name.value) else {
            diagnostics.error("'\(name.value)' in \(what) is not a cookie name; use letters, digits and !#$%&'*+-.^_`|~, e.g. 'session_id'", at: name.location)
            return false
        }
        return true
    }

    /// Whether a cookie's fixed value can go on the wire: RFC 6265's cookie-octets, visible
    /// ASCII but `"`, `,`, `;` and `\`.
    func checkCookieValue(_ cookie: ConstantParameter, _ what: String) -> Bool {
        guard !Vocabulary.isCookieValue(cookie.value) else { return true }
        diagnostics.error("the value of cookie '\(cookie.name.value)' in \(what) holds a space, '\"', ',', ';', '\\' or a character beyond ASCII, which a cookie can't carry", at: cookie.name.location)
        return false
    }

    /// Whether a header's fixed value can go on the wire: no control character but tab.
    func checkHeaderValue(_ header: ConstantParameter, _ what: String) -> Bool {
        guard let scalar = header.value.unicodeScalars.first(where: { $0 != "\t" && $0.isControlOrLineBreak }) else { return true }
        diagnostics.error("the value of header '\(header.name.value)' in \(what) holds a control character (\(scalar.escapedDescription)); HTTP can't carry it", at: header.name.location)
        return false
    }

    /// Whether `text` is free of control characters and line breaks; an error at `location` if not.
    func checkNoControlCharacters(_ text: String, _ what: String, at location: SourceLocation) -> Bool {
        guard let scalar = text.unicodeScalars.first(where: \.isControlOrLineBreak) else { return true }
        diagnostics.error("\(what) holds a control character (\(scalar.escapedDescription)); it can't go into a URL", at: location)
        return false
    }

    func decodeAuthSchemes(_ node: YAMLNode) -> [AuthSchemeSpec] {
        guard let entries = mapping(node, "'auth'", expecting: "a mapping of scheme names to schemes") else { return [] }
        return entries.pairs.compactMap { pair in
            guard let name = identifier(pair.key, "an auth scheme name") else { return nil }
            let what = "auth scheme '\(name)'"
            if let word = pair.value.scalar {
                switch word {
                case "bearer": return AuthSchemeSpec(name: name, kind: .bearer(BearerSpec()))
                case "basic": return AuthSchemeSpec(name: name, kind: .basic)
                default:
                    diagnostics.error("\(what) must be 'bearer', 'basic', or a mapping with one of 'apiKey', 'bearer', 'basic', 'header'", at: pair.value.location)
                    return nil
                }
            }
            guard let body = mapping(pair.value, what, expecting: "a mapping with one of 'apiKey', 'bearer', 'basic', 'header'") else { return nil }
            checkKeys(body, allowed: SpecKeys.authScheme, in: what)
            let doc = body["doc"].flatMap { string($0, "the 'doc' of \(what)") }
            let kinds = body.pairs.filter { ["apiKey", "bearer", "basic", "header"].contains($0.key.scalar ?? "") }
            guard kinds.count == 1, let (kindKey, kindValue) = kinds.first.map({ ($0.key.scalar ?? "", $0.value) }) else {
                diagnostics.error("\(what) needs exactly one of 'apiKey', 'bearer', 'basic', 'header'", at: pair.value.location)
                return nil
            }
            let kind: AuthSchemeSpec.Kind?
            switch kindKey {
            case "apiKey": kind = decodeAPIKey(kindValue, what)
            case "bearer": kind = kindValue.scalar != nil ? .bearer(BearerSpec()) : decodeBearer(kindValue, what)
            case "header":
                kind = named(kindValue, "the header of \(what)").flatMap { checkHeaderName($0, "the header of \(what)") ? .header(name: $0.value) : nil }
            default: kind = .basic
            }
            return kind.map { AuthSchemeSpec(name: name, kind: $0, doc: doc) }
        }
    }

    private func decodeAPIKey(_ node: YAMLNode, _ what: String) -> AuthSchemeSpec.Kind? {
        guard let body = mapping(node, "'apiKey' of \(what)", expecting: "a mapping such as '{ in: query, name: api_key }'") else { return nil }
        checkKeys(body, allowed: SpecKeys.apiKey, in: "'apiKey' of \(what)")
        guard let place = body.required("in", example: "in: header", in: "'apiKey' of \(what)", &diagnostics).flatMap({ oneOf($0, "'in'", ["query", "header", "cookie"]) }),
              let name = body.required("name", example: "name: X-API-Key", in: "'apiKey' of \(what)", &diagnostics).flatMap({ named($0, "'name'") }) else {
            return nil
        }
        switch place {
        case "header": guard checkHeaderName(name, "'apiKey' of \(what)") else { return nil }
        case "cookie": guard checkCookieName(name, "'apiKey' of \(what)") else { return nil }
        default: break
        }
        return .apiKey(place: AuthSchemeSpec.KeyPlace(rawValue: place) ?? .header, name: name.value)
    }

    private func decodeBearer(_ node: YAMLNode, _ what: String) -> AuthSchemeSpec.Kind? {
        guard let body = mapping(node, "'bearer' of \(what)", expecting: "a mapping such as '{ refresh: RefreshToken, accessToken: access_token }'") else { return nil }
        checkKeys(body, allowed: SpecKeys.bearer, in: "'bearer' of \(what)")
        return .bearer(BearerSpec(
            refresh: body["refresh"].flatMap { identifier($0, "the refresh strategy") },
            accessToken: body["accessToken"].flatMap { string($0, "'accessToken'") } ?? "access_token",
            refreshToken: body["refreshToken"].flatMap { string($0, "'refreshToken'") },
            expiresIn: body["expiresIn"].flatMap { string($0, "'expiresIn'") }
        ))
    }

    func decodeInterfaces(_ node: YAMLNode) -> [InterfaceSpec] {
        guard let entries = mapping(node, "'interfaces'", expecting: "a mapping of protocol names to lists of strategies") else { return [] }
        return entries.pairs.compactMap { pair in
            guard let name = identifier(pair.key, "an interface name") else { return nil }
            var doc: String?
            var listNode = pair.value
            if case .mapping = pair.value.kind, let body = mapping(pair.value, "interface '\(name)'", expecting: "") {
                checkKeys(body, allowed: SpecKeys.interface, in: "interface '\(name)'")
                doc = body["doc"].flatMap { string($0, "the 'doc' of interface '\(name)'") }
                guard let strategies = body.required("strategies", example: "strategies: [GetUser]", in: "interface '\(name)'", &diagnostics) else { return nil }
                listNode = strategies
            }
            let strategies = list(listNode, "interface '\(name)'")?.compactMap { identifier($0, "a strategy name") } ?? []
            return InterfaceSpec(name: name, doc: doc, strategies: strategies)
        }
    }

    func decodeUses(_ node: YAMLNode) -> [UsedSpec] {
        (list(node, "'uses'") ?? []).compactMap { item in
            named(item, "a spec file").map { UsedSpec(path: $0, models: [], errors: []) }
        }
    }

    /// A mapping, or `nil` without a diagnostic when the node is a scalar and `ifNotScalar` is set.
    func mapping(_ node: YAMLNode, _ what: String, expecting: String, ifNotScalar: Bool) -> Mapping? {
        if ifNotScalar, node.scalar != nil { return nil }
        return mapping(node, what, expecting: expecting)
    }
}

/// A server URL that may hold `{variables}` in its host and path.
struct ServerURL {
    var scheme: String
    var host: String
    var port: Int?
    var path: String

    init?(_ text: String) {
        guard let schemeEnd = text.range(of: "://") else { return nil }
        scheme = String(text[..<schemeEnd.lowerBound]).lowercased()
        guard ["http", "https"].contains(scheme) else { return nil }
        let rest = text[schemeEnd.upperBound...]
        let authority = rest.prefix { $0 != "/" }
        path = String(rest.dropFirst(authority.count))
        if path.hasSuffix("/") { path.removeLast() }
        if let colon = authority.lastIndex(of: ":"), !authority.hasPrefix("[") || authority[..<colon].hasSuffix("]") {
            let digits = authority[authority.index(after: colon)...]
            guard let first = digits.first, first == "-" || first.isASCII && first.isNumber,
                  digits.dropFirst().allSatisfy({ $0.isASCII && $0.isNumber }), digits != "-" else { return nil }
            // Digits too many for an Int are still a port out of range.
            self.port = Int(digits) ?? Int.max
            host = String(authority[..<colon])
        } else {
            host = String(authority)
        }
        if host.hasPrefix("["), host.hasSuffix("]") { host = String(host.dropFirst().dropLast()) }
        guard !host.isEmpty, !host.contains(where: { " ?#@".contains($0) }), !path.contains(where: { " ?#".contains($0) }) else { return nil }
    }

    var placeholders: [String] {
        PathTemplate(host).placeholders + PathTemplate(path).placeholders
    }
}

extension Unicode.Scalar {
    /// A control character (C0, DEL, C1) or a line or paragraph separator.
    var isControlOrLineBreak: Bool {
        properties.generalCategory == .control || value == 0x2028 || value == 0x2029
    }

    /// The scalar as a Swift escape: `\n`, `\r`, `\t` or `\u{1B}`.
    var escapedDescription: String {
        switch self {
        case "\n": "\\n"
        case "\r": "\\r"
        case "\t": "\\t"
        default: "\\u{" + String(value, radix: 16, uppercase: true) + "}"
        }
    }
}
