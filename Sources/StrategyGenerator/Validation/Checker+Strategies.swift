extension Checker {
    mutating func strategies() {
        let errorNames = spec.errors.map(\.name.value) + spec.uses.flatMap(\.errors).map(\.name.value)
        let schemes = spec.authSchemes.map(\.name.value)
        for strategy in spec.strategies {
            let start = mark
            defer { nameFaults(since: start, by: strategy.element(writtenAt:)) }
            let what = "strategy '\(strategy.name)'"
            let inputs = strategy.pathParameters + strategy.query + strategy.headers + strategy.cookies + (strategy.body?.fields ?? [])
            fieldList(inputs, in: what, allowFiles: true)
            parameterTypes(of: strategy)
            pathParameters(of: strategy)
            servers(of: strategy)
            pagination(of: strategy)
            stream(of: strategy)
            body(of: strategy)
            returns(of: strategy)
            if let errorType = strategy.errorType, !errorNames.contains(errorType.value) {
                unknownReference(errorType, kind: "error type", known: errorNames)
            }
            if case .scheme(let scheme) = strategy.auth, !schemes.contains(scheme.value) {
                unknownReference(scheme, kind: "auth scheme", known: schemes)
            }
            if case .anyOf(let ways) = strategy.auth {
                for scheme in ways.joined() where !schemes.contains(scheme.value) {
                    unknownReference(scheme, kind: "auth scheme", known: schemes)
                }
            }
            if let scheme = strategy.signsIn {
                signsIn(strategy, to: scheme)
            }
        }
    }

    /// A strategy that signs in returns the token of a bearer scheme.
    private mutating func signsIn(_ strategy: StrategySpec, to scheme: Named) {
        guard let found = spec.authSchemes.first(where: { $0.name.value == scheme.value }) else {
            unknownReference(scheme, kind: "auth scheme", known: spec.authSchemes.map(\.name.value))
            return
        }
        guard case .bearer(let bearer) = found.kind else {
            diagnostics.error("strategy '\(strategy.name)' signs in to '\(scheme)', which is not a bearer scheme", at: scheme.location)
            return
        }
        returnsToken(strategy, of: bearer, because: "signs in", at: scheme.location)
    }

    /// A strategy whose output is a bearer token must return an object with the token's field.
    mutating func returnsToken(_ strategy: StrategySpec, of bearer: BearerSpec, because reason: String, at location: SourceLocation) {
        let accessToken = bearer.accessToken
        if !outputFields(of: strategy).contains(where: { $0.name.value == accessToken && $0.type == .builtIn(.string) }) {
            diagnostics.error("strategy '\(strategy.name)' \(reason), so it must return an object with a String '\(accessToken)'", at: location)
        }
    }

    /// The fields of the object a strategy returns, if it returns one.
    func outputFields(of strategy: StrategySpec) -> [FieldSpec] {
        switch strategy.returns {
        case .fields(let fields)?: fields
        case .type(.named(let model), _)?: (spec.models + spec.uses.flatMap(\.models)).first { $0.name.value == model }?.fields ?? []
        default: []
        }
    }

    /// Path segments, headers and cookies hold single values; query items also arrays and dates.
    private mutating func parameterTypes(of strategy: StrategySpec) {
        let what = "strategy '\(strategy.name)'"
        let urlParameter = strategy.urlParameter
        for field in strategy.pathParameters + strategy.headers where field != urlParameter && !types.isScalar(field.type.unwrappingOptional) && field.type.unwrappingOptional != .builtIn(.date) && !types.isStyledValue(field.type) && types.isKnown(field.type) {
            let hint = types.isDeepObject(field.type) ? "; an object holding more can go in the query or a form body" : ""
            diagnostics.error("'\(field.name)' of \(what) has type '\(field.type)'; a path or header value must be a String, number, Bool, UUID, Date or enum, or a list, an object or a map of them\(hint)", at: field.typeLocation)
        }
        for field in strategy.cookies where !types.isScalar(field.type.unwrappingOptional) && !types.isStyledValue(field.type) && types.isKnown(field.type) {
            diagnostics.error("cookie '\(field.name)' of \(what) has type '\(field.type)'; a cookie must be a String, number, Bool, UUID or enum, or a list, an object or a map of them", at: field.typeLocation)
        }
        let form: [FieldSpec] = if case .form(let fields)? = strategy.body { fields } else { [] }
        for (place, fields) in [(ParameterLocation.path, strategy.pathParameters), (.query, strategy.query), (.header, strategy.headers), (.cookie, strategy.cookies), (.form, form)] {
            for field in fields {
                if let style = field.style, !ParameterStyle.allowed(in: place).contains(style) {
                    let allowed = ParameterStyle.allowed(in: place).map { "'\($0.rawValue)'" }.joined(separator: ", ")
                    diagnostics.error("'style: \(style.rawValue)' of '\(field.name)' in \(what) doesn't apply to a \(place.rawValue) parameter; use \(allowed)", at: field.name.location)
                }
                if field.style != nil, field.arrayStyle != nil {
                    diagnostics.error("'\(field.name)' of \(what) has both 'style' and 'arrays'; keep one", at: field.name.location)
                }
                if field.explode != nil, field.style == nil, place == .query || place == .form || !types.isStyledValue(field.type) {
                    diagnostics.error("'explode' of '\(field.name)' in \(what) applies to a parameter with a 'style', or a list, an object or a map in a path, a header or a cookie", at: field.name.location)
                }
            }
        }
        for field in strategy.query where field.style != nil && !types.isStyledValue(field.type) && !types.isQueryValue(field.type) && types.isKnown(field.type) {
            diagnostics.error("'\(field.name)' of \(what) has a 'style', so it must be a single value, or a list, an object or a map of them; leave 'style' out to send an object as a deep object", at: field.typeLocation)
        }
        for field in strategy.query where !types.isQueryValue(field.type) && !types.isDeepObject(field.type) && types.isKnown(field.type) {
            diagnostics.error("'\(field.name)' of \(what) has type '\(field.type)'; a query value must be a String, number, Bool, UUID, Date or enum, a list of them, an object or map of them, or JSON", at: field.typeLocation)
        }
    }

    /// Every `{name}` in the path is declared under `path:`, and every declared one is used.
    private mutating func pathParameters(of strategy: StrategySpec) {
        let placeholders = PathTemplate(strategy.path.value).placeholders
        let declared = strategy.pathParameters.map(\.name.value)
        for placeholder in placeholders where !declared.contains(placeholder) {
            diagnostics.error("path parameter '{\(placeholder)}' of strategy '\(strategy.name)' has no type; declare it under 'path', e.g. 'path: { \(placeholder): String }'", at: strategy.path.location)
        }
        for parameter in strategy.pathParameters where !placeholders.contains(parameter.name.value) {
            diagnostics.error("path parameter '\(parameter.name)' of strategy '\(strategy.name)' does not appear in its path '\(strategy.path)'", at: parameter.name.location)
        }
        for parameter in strategy.pathParameters where parameter.type.isOptional {
            diagnostics.error("path parameter '\(parameter.name)' can't be optional: a path needs every segment", at: parameter.typeLocation)
        }
    }

    private mutating func body(of strategy: StrategySpec) {
        guard let body = strategy.body else { return }
        let what = "strategy '\(strategy.name)'"
        if ["GET", "HEAD"].contains(strategy.method) {
            diagnostics.warning("\(what) sends a body with \(strategy.method), which many servers and proxies drop", at: strategy.path.location)
        }
        switch body {
        case .json(let type, let location):
            resolve(type, at: location, allowFiles: false)
        case .jsonFields(let fields):
            for field in fields where field.type.mentions(.file) {
                diagnostics.error("'File' can only be the type of a multipart body field", at: field.typeLocation)
            }
        case .form(let fields):
            for field in fields where !types.isQueryValue(field.type) && !types.isDeepObject(field.type) && types.isKnown(field.type) {
                diagnostics.error("form field '\(field.name)' of \(what) has type '\(field.type)'; a form value must be a String, number, Bool, UUID, Date or enum, a list of them, an object or map of them, or JSON", at: field.typeLocation)
            }
        case .multipart(let fields):
            // Anything else is a JSON part: an object, a map, a union, free-form JSON.
            for field in fields {
                var type = field.type.unwrappingOptional
                if case .array(let element) = type { type = element }
                guard type != .builtIn(.file), type.mentions(.file) || type.mentions(.data) else { continue }
                diagnostics.error("multipart field '\(field.name)' of \(what) has type '\(field.type)'; a part must be a File or a list of them, a part each, or a value sent as text or JSON", at: field.typeLocation)
            }
        case .raw:
            break
        }
    }

    private mutating func returns(of strategy: StrategySpec) {
        switch strategy.returns {
        case .type(.builtIn(.data), _)?:
            if let unwrap = strategy.unwrap {
                diagnostics.error("strategy '\(strategy.name)' returns Data, the body as it came, so it can't unwrap '\(unwrap)'", at: unwrap.location)
            }
        case .type(let type, let location)?:
            resolve(type, at: location, allowFiles: false)
        case .fields(let fields)?:
            fieldList(fields, in: "'returns' of strategy '\(strategy.name)'", allowFiles: false)
        case nil:
            if let unwrap = strategy.unwrap {
                diagnostics.error("strategy '\(strategy.name)' unwraps '\(unwrap)' but returns nothing; add 'returns'", at: unwrap.location)
            }
        }
    }
}

extension TypeReference {
    /// The type without one level of `?`.
    var unwrappingOptional: TypeReference {
        if case .optional(let wrapped) = self { wrapped } else { self }
    }
}
