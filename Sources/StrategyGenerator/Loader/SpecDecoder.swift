/// Turns YAML nodes into spec values, collecting diagnostics as it goes.
///
/// Each section has its own file (`SpecDecoder+Models.swift` and so on); this one holds the
/// top level and the helpers every section uses.
final class SpecDecoder {
    let file: String
    var diagnostics = DiagnosticCollector()

    init(file: String) {
        self.file = file
    }

    func decodeSpec(_ root: YAMLNode?) -> APISpec? {
        guard let root else {
            diagnostics.error("the spec is empty; it needs at least 'api'", at: SourceLocation(file: file, line: 1, column: 1))
            return nil
        }
        guard let top = mapping(root, "the spec", expecting: "a mapping with keys such as 'api' and 'strategies'") else {
            return nil
        }
        checkKeys(top, allowed: SpecKeys.spec, in: "the spec")

        let name = top.required("api", example: "api: Users", in: "the spec", &diagnostics).flatMap { identifier($0, "the API name") }
        let spec = APISpec(
            file: file,
            name: name ?? Named("API", at: root.location),
            doc: top["doc"].flatMap { string($0, "'doc'") },
            access: top["access"].flatMap(accessLevel) ?? .public,
            servers: top["servers"].map(decodeServers) ?? [],
            defaults: top["defaults"].map(decodeDefaults) ?? DefaultsSpec(),
            authSchemes: top["auth"].map(decodeAuthSchemes) ?? [],
            models: top["models"].map(decodeModels) ?? [],
            errors: top["errors"].map(decodeErrors) ?? [],
            strategies: top["strategies"].map(decodeStrategies) ?? [],
            interfaces: top["interfaces"].map(decodeInterfaces) ?? [],
            uses: top["uses"].map(decodeUses) ?? []
        )
        return name == nil ? nil : spec
    }

    // MARK: Values

    func mapping(_ node: YAMLNode, _ what: String, expecting: String) -> Mapping? {
        guard case .mapping(let pairs) = node.kind else {
            diagnostics.error("\(what) must be \(expecting); found \(node.kindDescription)", at: node.location)
            return nil
        }
        return Mapping(node: node, pairs: pairs)
    }

    func list(_ node: YAMLNode, _ what: String) -> [YAMLNode]? {
        guard case .sequence(let items) = node.kind else {
            diagnostics.error("\(what) must be a list, e.g. '[a, b]'; found \(node.kindDescription)", at: node.location)
            return nil
        }
        return items
    }

    func string(_ node: YAMLNode, _ what: String) -> String? {
        guard let text = node.scalar else {
            diagnostics.error("\(what) must be a single value; found \(node.kindDescription)", at: node.location)
            return nil
        }
        return text
    }

    func named(_ node: YAMLNode, _ what: String) -> Named? {
        string(node, what).map { Named($0, at: node.location) }
    }

    func bool(_ node: YAMLNode, _ what: String) -> Bool? {
        guard case .bool(let value) = node.value else {
            diagnostics.error("\(what) must be true or false", at: node.location)
            return nil
        }
        return value
    }

    /// The most seconds a timeout or retry delay may be: a day. Beyond it a value is a slip, and
    /// far beyond it (`1e19`) it no longer fits the integers generated code counts time in.
    static let maximumSeconds = 86_400

    /// A number of seconds from 0 to ``maximumSeconds``.
    func number(_ node: YAMLNode, _ what: String) -> Double? {
        let seconds: Double
        switch node.value {
        case .int(let value) where value >= 0: seconds = value > Self.maximumSeconds ? .infinity : Double(value)
        case .double(let value) where value >= 0 && !value.isNaN: seconds = value
        default:
            diagnostics.error("\(what) must be a number of seconds, e.g. 30 or 0.5", at: node.location)
            return nil
        }
        guard seconds <= Double(Self.maximumSeconds) else {
            diagnostics.error("\(what) must be at most \(Self.maximumSeconds) seconds (a day)", at: node.location)
            return nil
        }
        return seconds
    }

    func integer(_ node: YAMLNode, _ what: String) -> Int? {
        guard case .int(let value) = node.value else {
            diagnostics.error("\(what) must be a whole number", at: node.location)
            return nil
        }
        return value
    }

    /// A name that becomes a Swift type, case or member: letters, digits and `_`, not starting with a digit.
    func identifier(_ node: YAMLNode, _ what: String) -> Named? {
        guard let text = string(node, what) else { return nil }
        guard let first = text.first, first.isLetter || first == "_", text != "_",
              text.allSatisfy({ $0.isLetter || $0.isNumber || $0 == "_" }) else {
            let derived = SwiftName.type(text)
            let suggestion = derived.contains(where: { $0.isLetter }) ? derived : "Name"
            diagnostics.error("'\(text)' is not a valid name for \(what); use letters, digits and '_', starting with a letter, e.g. '\(suggestion)'", at: node.location)
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
        oneOf(node, "'access'", AccessLevel.allCases.map(\.rawValue)).flatMap(AccessLevel.init(rawValue:))
    }

    /// One of a fixed set of words.
    func oneOf(_ node: YAMLNode, _ what: String, _ allowed: [String]) -> String? {
        guard let text = string(node, what) else { return nil }
        guard allowed.contains(text) else {
            var message = "'\(text)' is not allowed for \(what); use one of " + allowed.map { "'\($0)'" }.joined(separator: ", ")
            if let suggestion = closestMatch(to: text, in: allowed) { message += "; did you mean '\(suggestion)'?" }
            diagnostics.error(message, at: node.location)
            return nil
        }
        return text
    }

    func dateFormat(_ node: YAMLNode, _ what: String) -> DateFormatSpec? {
        guard let text = string(node, what) else { return nil }
        if let known = SpecKeys.dateFormats[text] { return known }
        guard text.contains(where: { "yMdHhms".contains($0) }) else {
            let known = SpecKeys.dateFormats.keys.sorted().map { "'\($0)'" }.joined(separator: ", ")
            diagnostics.error("'\(text)' is not a date format; use \(known) or a pattern such as 'yyyy-MM-dd'", at: node.location)
            return nil
        }
        return .pattern(text)
    }

    func deprecation(_ node: YAMLNode) -> Deprecation? {
        switch node.value {
        case .bool(true): return Deprecation(message: nil)
        case .bool(false): return nil
        case .string(let message): return Deprecation(message: message)
        default:
            diagnostics.error("'deprecated' must be true, false or a message saying what to use instead", at: node.location)
            return nil
        }
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
struct Mapping {
    let node: YAMLNode
    let pairs: [(key: YAMLNode, value: YAMLNode)]

    subscript(key: String) -> YAMLNode? {
        pairs.first { $0.key.scalar == key }?.value
    }

    func has(_ key: String) -> Bool {
        self[key] != nil
    }

    func required(_ key: String, example: String, in what: String, _ diagnostics: inout DiagnosticCollector) -> YAMLNode? {
        guard let value = self[key] else {
            diagnostics.error("missing key '\(key)' in \(what), e.g. '\(example)'", at: node.location)
            return nil
        }
        return value
    }
}
