import Foundation

/// A spec as far as it could be read, with the problems found reading it.
///
/// Parts with problems are left out, so validation can still check the rest and one run
/// reports every problem.
public struct LoadedSpec: Sendable {
    public var spec: APISpec
    public var diagnostics: [Diagnostic]
}

/// Reads a spec file into an ``APISpec``, reporting every problem of shape it finds:
/// YAML syntax, unknown or missing keys, values of the wrong kind, unreadable types.
public enum SpecLoader {
    /// Loads the spec at `path`; diagnostics name the file as `path` spells it.
    ///
    /// - Throws: the diagnostics when nothing usable could be read (unreadable file, broken
    ///   YAML, no API name).
    public static func load(contentsOf path: String) throws(DiagnosticsError) -> LoadedSpec {
        let text: String
        do {
            text = try String(contentsOfFile: path, encoding: .utf8)
        } catch {
            throw DiagnosticsError([.error("cannot read spec '\(path)': \(error.localizedDescription)", at: nil)])
        }
        return try load(text: text, file: path)
    }

    /// Loads a spec from its text, as if read from `file`.
    public static func load(text: String, file: String) throws(DiagnosticsError) -> LoadedSpec {
        let root: YAMLNode?
        switch YAMLDocument.parse(text, file: file) {
        case .success(let node): root = node
        case .failure(let error): throw error
        }
        let decoder = SpecDecoder(file: file)
        guard let spec = decoder.decodeSpec(root) else {
            throw DiagnosticsError(decoder.diagnostics.diagnostics)
        }
        return LoadedSpec(spec: spec, diagnostics: decoder.diagnostics.diagnostics)
    }
}

/// Turns YAML nodes into spec values, collecting diagnostics as it goes.
private final class SpecDecoder {
    let file: String
    var diagnostics = DiagnosticCollector()

    static let methods = ["GET", "POST", "PUT", "PATCH", "DELETE", "HEAD", "OPTIONS"]

    init(file: String) {
        self.file = file
    }

    func decodeSpec(_ root: YAMLNode?) -> APISpec? {
        let start = SourceLocation(file: file, line: 1, column: 1)
        guard let root else {
            diagnostics.error("the spec is empty; it needs at least 'api', 'servers' and 'strategies'", at: start)
            return nil
        }
        guard let top = mapping(root, "the spec", expecting: "a mapping with keys such as 'api' and 'strategies'") else {
            return nil
        }
        checkKeys(top, allowed: ["api", "access", "servers", "models", "errors", "strategies"], in: "the spec")

        let name = top.required("api", example: "api: Users", in: "the spec", &diagnostics).flatMap { identifier($0, "the API name") }
        let access = top["access"].flatMap(accessLevel) ?? .public
        let servers = top.required("servers", example: "servers: { production: https://api.example.com }", in: "the spec", &diagnostics)
            .map(decodeServers) ?? []
        let models = top["models"].map(decodeModels) ?? []
        let errors = top["errors"].map(decodeErrors) ?? []
        let strategies = top.required("strategies", example: "strategies: { GetUser: { GET: /users/{id} } }", in: "the spec", &diagnostics)
            .map(decodeStrategies) ?? []

        guard let name else { return nil }
        return APISpec(
            file: file, name: name, access: access, servers: servers,
            models: models, errors: errors, strategies: strategies
        )
    }

    // MARK: Sections

    func decodeServers(_ node: YAMLNode) -> [ServerSpec] {
        guard let entries = mapping(node, "'servers'", expecting: "a mapping of server names to URLs") else { return [] }
        if entries.pairs.isEmpty {
            diagnostics.error("'servers' needs at least one server, e.g. 'production: https://api.example.com'", at: node.location)
        }
        return entries.pairs.compactMap { pair in
            guard let name = identifier(pair.key, "a server name"),
                  let text = string(pair.value, "the URL of server '\(name)'") else { return nil }
            guard let url = URLComponents(string: text), let scheme = url.scheme, let host = url.host, !host.isEmpty,
                  url.query == nil, url.fragment == nil else {
                diagnostics.error("server '\(name)' has no valid absolute URL: '\(text)'; write it as 'https://host/base/path'", at: pair.value.location)
                return nil
            }
            return ServerSpec(name: name, scheme: scheme, host: host, port: url.port, basePath: url.percentEncodedPath)
        }
    }

    func decodeModels(_ node: YAMLNode) -> [ModelSpec] {
        guard let entries = mapping(node, "'models'", expecting: "a mapping of model names to their fields") else { return [] }
        return entries.pairs.compactMap { pair in
            guard let name = identifier(pair.key, "a model name") else { return nil }
            guard let fields = mapping(pair.value, "model '\(name)'", expecting: "a mapping of field names to types, e.g. '{ id: Int, name: String }'") else {
                return nil
            }
            return ModelSpec(name: name, fields: decodeFields(fields, of: "model '\(name)'"))
        }
    }

    func decodeErrors(_ node: YAMLNode) -> [ErrorSpec] {
        guard let entries = mapping(node, "'errors'", expecting: "a mapping of error type names to their cases") else { return [] }
        return entries.pairs.compactMap { pair in
            guard let name = identifier(pair.key, "an error type name"),
                  let body = mapping(pair.value, "error type '\(name)'", expecting: "a mapping with 'status'") else { return nil }
            checkKeys(body, allowed: ["status"], in: "error type '\(name)'")
            var cases: [StatusCase] = []
            if let status = body["status"], let codes = mapping(status, "'status' of error type '\(name)'", expecting: "a mapping of status codes to case names, e.g. '{ 404: notFound }'") {
                for code in codes.pairs {
                    guard let text = code.key.scalar, let value = Int(text), (100...599).contains(value) else {
                        diagnostics.error("'\(code.key.scalar ?? code.key.kindDescription)' is not an HTTP status code (100 to 599)", at: code.key.location)
                        continue
                    }
                    if let caseName = identifier(code.value, "a case name") {
                        cases.append(StatusCase(statusCode: value, caseName: caseName))
                    }
                }
            }
            return ErrorSpec(name: name, statusCases: cases)
        }
    }

    func decodeStrategies(_ node: YAMLNode) -> [StrategySpec] {
        guard let entries = mapping(node, "'strategies'", expecting: "a mapping of strategy names to endpoints") else { return [] }
        return entries.pairs.compactMap { pair in
            guard let name = identifier(pair.key, "a strategy name") else { return nil }
            let what = "strategy '\(name)'"
            guard let body = mapping(pair.value, what, expecting: "a mapping such as '{ GET: /users/{id}, returns: User }'") else { return nil }
            checkKeys(body, allowed: Self.methods + ["doc", "path", "query", "returns", "errors"], in: what)

            let methods = body.pairs.filter { Self.methods.contains($0.key.scalar ?? "") }
            guard let route = methods.first else {
                diagnostics.error("\(what) needs a method and a path, e.g. 'GET: /users/{id}'", at: pair.value.location)
                return nil
            }
            if methods.count > 1 {
                let names = methods.compactMap(\.key.scalar).joined(separator: ", ")
                diagnostics.error("\(what) has more than one method (\(names)); write one strategy per method", at: methods[1].key.location)
            }
            guard let pathText = string(route.value, "the path of \(what)") else { return nil }
            if !pathText.hasPrefix("/") {
                diagnostics.error("the path of \(what) must start with '/': '\(pathText)'", at: route.value.location)
            }
            let returns = body["returns"].flatMap { typeReference($0, "the 'returns' type of \(what)") }
            return StrategySpec(
                name: name,
                doc: body["doc"].flatMap { string($0, "the 'doc' of \(what)") },
                method: route.key.scalar ?? "GET",
                path: Named(pathText, at: route.value.location),
                pathParameters: body["path"].flatMap { mapping($0, "'path' of \(what)", expecting: "a mapping of path parameters to types") }
                    .map { decodeFields($0, of: "'path' of \(what)") } ?? [],
                query: body["query"].flatMap { mapping($0, "'query' of \(what)", expecting: "a mapping of query items to types") }
                    .map { decodeFields($0, of: "'query' of \(what)") } ?? [],
                returns: returns,
                returnsLocation: body["returns"]?.location,
                errorType: body["errors"].flatMap { identifier($0, "the error type of \(what)") }
            )
        }
    }

    func decodeFields(_ fields: Mapping, of owner: String) -> [FieldSpec] {
        fields.pairs.compactMap { pair in
            guard let name = string(pair.key, "a field name of \(owner)"),
                  let type = typeReference(pair.value, "the type of '\(name)' in \(owner)") else { return nil }
            return FieldSpec(name: Named(name, at: pair.key.location), type: type, typeLocation: pair.value.location)
        }
    }

    // MARK: Values

    func mapping(_ node: YAMLNode, _ what: String, expecting: String) -> Mapping? {
        guard case .mapping(let pairs) = node.kind else {
            diagnostics.error("\(what) must be \(expecting); found \(node.kindDescription)", at: node.location)
            return nil
        }
        return Mapping(node: node, pairs: pairs)
    }

    func string(_ node: YAMLNode, _ what: String) -> String? {
        guard let text = node.scalar else {
            diagnostics.error("\(what) must be a single value; found \(node.kindDescription)", at: node.location)
            return nil
        }
        return text
    }

    /// A name that becomes a Swift type, case or member: letters, digits and `_`, not starting with a digit.
    func identifier(_ node: YAMLNode, _ what: String) -> Named? {
        guard let text = string(node, what) else { return nil }
        guard let first = text.first, first.isLetter || first == "_",
              text.allSatisfy({ $0.isLetter || $0.isNumber || $0 == "_" }) else {
            diagnostics.error("'\(text)' is not a valid name for \(what); use letters, digits and '_', starting with a letter", at: node.location)
            return nil
        }
        return Named(text, at: node.location)
    }

    func typeReference(_ node: YAMLNode, _ what: String) -> TypeReference? {
        guard let text = string(node, what) else { return nil }
        guard let type = TypeReference(parsing: text) else {
            diagnostics.error("'\(text)' is not a type (\(what)); write a name such as 'Int' or 'User', '[T]' for a list, '[String: T]' for a dictionary, 'T?' for an optional", at: node.location)
            return nil
        }
        return type
    }

    func accessLevel(_ node: YAMLNode) -> AccessLevel? {
        guard let text = string(node, "'access'") else { return nil }
        guard let level = AccessLevel(rawValue: text) else {
            let levels = AccessLevel.allCases.map { "'\($0.rawValue)'" }.joined(separator: ", ")
            diagnostics.error("'\(text)' is not an access level; use one of \(levels)", at: node.location)
            return nil
        }
        return level
    }

    func checkKeys(_ mapping: Mapping, allowed: [String], in what: String) {
        for pair in mapping.pairs {
            guard let key = pair.key.scalar else {
                diagnostics.error("keys in \(what) must be single values; found \(pair.key.kindDescription)", at: pair.key.location)
                continue
            }
            guard !allowed.contains(key) else { continue }
            var message = "unknown key '\(key)' in \(what)"
            if let suggestion = closestMatch(to: key, in: allowed) {
                message += "; did you mean '\(suggestion)'?"
            } else {
                message += "; expected one of: " + allowed.joined(separator: ", ")
            }
            diagnostics.error(message, at: pair.key.location)
        }
    }
}

/// A YAML mapping's entries, looked up by their scalar keys.
private struct Mapping {
    let node: YAMLNode
    let pairs: [(key: YAMLNode, value: YAMLNode)]

    subscript(key: String) -> YAMLNode? {
        pairs.first { $0.key.scalar == key }?.value
    }

    func required(_ key: String, example: String, in what: String, _ diagnostics: inout DiagnosticCollector) -> YAMLNode? {
        guard let value = self[key] else {
            diagnostics.error("missing key '\(key)' in \(what), e.g. '\(example)'", at: node.location)
            return nil
        }
        return value
    }
}
