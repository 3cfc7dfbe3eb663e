extension APISpec {
    /// The spec with each query, header and form parameter's `default` read as what the server
    /// assumes when the parameter is absent: the parameter becomes optional, is sent only when
    /// the caller sets it, and its documentation says what the server assumes.
    var withServerDefaults: APISpec {
        var spec = self
        spec.strategies = strategies.map { strategy in
            var strategy = strategy
            strategy.query = strategy.query.map(\.withServerDefault)
            strategy.headers = strategy.headers.map(\.withServerDefault)
            strategy.cookies = strategy.cookies.map(\.withServerDefault)
            if case .form(let fields)? = strategy.body { strategy.body = .form(fields.map(\.withServerDefault)) }
            return strategy
        }
        return spec
    }
}

extension FieldSpec {
    fileprivate var withServerDefault: FieldSpec {
        guard let value = defaultValue else { return self }
        var field = self
        field.defaultValue = nil
        if !type.isOptional { field.type = .optional(type) }
        let assumed = "The server assumes `\(value.wireText)` when it is not sent."
        field.doc = doc.map { $0 + "\n\n" + assumed } ?? assumed
        return field
    }
}

extension YAMLValue {
    /// The value as a parameter carries it: text as written, numbers and Bools as YAML wrote them.
    fileprivate var wireText: String {
        switch self {
        case .string(let text): text
        case .int(let number): String(number)
        case .double(let number): String(number)
        case .bool(let flag): flag ? "true" : "false"
        case .null: "null"
        case .array(let items): items.map(\.wireText).joined(separator: ",")
        case .object: JSONText.pretty(self)
        }
    }
}
