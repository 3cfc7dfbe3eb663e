extension ResolvedSpec {
    /// Rewrites `spec`, which passed validation and has the configuration's names, as it is
    /// generated (each parameter's `default` read as what the server assumes, each error type
    /// with the codes it includes), then resolves its references.
    ///
    /// - Throws: an error naming each reference that doesn't resolve, should validation have let
    ///   one through: a fault of the generator's, reported rather than generated around.
    static func resolve(_ spec: APISpec) throws(DiagnosticsError) -> ResolvedSpec {
        var resolver = Resolver(spec: spec.withServerDefaults.withIncludedErrors)
        // The type table answers for every type name the spec writes, or nothing goes further.
        resolver.checkTypeNames()
        guard resolver.unresolved.isEmpty else { throw DiagnosticsError(resolver.unresolved) }
        let resolved = resolver.resolve()
        guard resolver.unresolved.isEmpty else { throw DiagnosticsError(resolver.unresolved) }
        return resolved
    }
}

/// Resolves each reference of a spec once, by name; the only place that looks names up.
private struct Resolver {
    let spec: APISpec
    let types: TypeTable
    let catalog: TypeCatalog
    var unresolved: [Diagnostic] = []

    init(spec: APISpec) {
        self.spec = spec
        types = TypeTable(models: spec.models + spec.uses.flatMap(\.models))
        catalog = TypeCatalog(spec)
    }

    mutating func resolve() -> ResolvedSpec {
        checkEnumValues()
        let errors = Dictionary((spec.errors + spec.uses.flatMap(\.errors)).map { ($0.name.value, $0) }, uniquingKeysWith: { first, _ in first })
        let schemes = Dictionary(spec.authSchemes.map { ($0.name.value, $0) }, uniquingKeysWith: { first, _ in first })
        let indices = Dictionary(spec.strategies.indices.map { (spec.strategies[$0].name.value, $0) }, uniquingKeysWith: { first, _ in first })
        let deprecations = spec.deprecations
        let deprecatedModels = spec.deprecatedModelNames

        // Each interface's strategies, by index, and the first interface that lists each one.
        let listed = spec.interfaces.map { interface in
            interface.strategies.compactMap { lookUp($0, in: indices, kind: "strategy") }
        }
        var firstListing: [Int: Int] = [:]
        for (role, strategies) in listed.enumerated() {
            for strategy in strategies where firstListing[strategy] == nil { firstListing[strategy] = role }
        }

        let strategies = spec.strategies.indices.map { index in
            let deprecation = deprecations.strategies[spec.strategies[index].name.value]
            let strategy = deprecation == nil ? spec.strategies[index].markingFields(holding: deprecatedModels) : spec.strategies[index]
            let scheme: Named? = switch strategy.auth {
            case .none, .anyOf: nil
            case .scheme(let scheme): scheme
            case .inherited: spec.defaults.auth
            }
            var alternatives: [[AuthSchemeSpec]]?
            if case .anyOf(let ways) = strategy.auth {
                alternatives = ways.map { way in way.compactMap { lookUp($0, in: schemes, kind: "auth scheme") } }
            }
            var signIn: TokenFields?
            if let reference = strategy.signsIn, let scheme = lookUp(reference, in: schemes, kind: "auth scheme") {
                signIn = token(of: scheme, from: strategy, at: reference)
            }
            return ResolvedStrategy(
                spec: strategy,
                errorType: strategy.errorType.flatMap { lookUp($0, in: errors, kind: "error type") },
                authScheme: scheme.flatMap { lookUp($0, in: schemes, kind: "auth scheme") },
                authAlternatives: alternatives,
                pathParts: pathParts(of: strategy),
                signIn: signIn,
                deprecation: deprecation,
                paging: paging(of: strategy),
                isListedByRole: firstListing[index] != nil
            )
        }

        let authSchemes = spec.authSchemes.map { scheme in
            ResolvedAuthScheme(spec: scheme, renewal: renewal(of: scheme, strategies: strategies, indices: indices))
        }
        let roles = zip(spec.interfaces, listed).enumerated().map { role, pair in
            Role(
                interface: pair.0,
                strategies: pair.1.map { strategies[$0] },
                firstListed: pair.1.filter { firstListing[$0] == role }.map { strategies[$0] }
            )
        }
        let uses = ModelUses(spec, types: types)
        let models = spec.models.map { model in
            let deprecation = deprecations.models[model.name.value]
            let use = uses.use(of: model)
            var spec = deprecation == nil ? model.markingFields(holding: deprecatedModels) : model
            if !use.contains(.decoded) { spec = spec.asSent }
            return ResolvedModel(spec: spec, deprecation: deprecation, use: use, holdsItself: holdsItself(model))
        }
        return ResolvedSpec(
            spec: spec, strategies: strategies, authSchemes: authSchemes, models: models, roles: roles, types: types,
            deprecatedModels: deprecatedModels
        )
    }

    /// Whether `model`'s members hold it, through fields that aren't lists or maps, or through unions.
    private func holdsItself(_ model: ModelSpec) -> Bool {
        var pending = model.memberTypes, seen: Set<String> = []
        while let type = pending.popLast() {
            var type = type
            if case .optional(let wrapped) = type { type = wrapped }
            guard case .named(let name) = type, seen.insert(name).inserted else { continue }
            if name == model.name.value { return true }
            pending += types[name].memberTypes
        }
        return false
    }

    /// The value `name` names, or `nil` with the reason noted.
    private mutating func lookUp<Value>(_ name: Named, in values: [String: Value], kind: String) -> Value? {
        guard let value = values[name.value] else {
            unresolved.append(.error("\(kind) '\(name)' does not resolve", at: name.location))
            return nil
        }
        return value
    }

    /// Notes each type name the spec writes that names no type, so the table is total.
    mutating func checkTypeNames() {
        var written: [(TypeReference, SourceLocation)] = []
        for model in spec.models + spec.uses.flatMap(\.models) {
            switch model.kind {
            case .object(let fields): written += fields.map { ($0.type, $0.typeLocation) }
            case .union(let union): written += union.variants.map { ($0.type, $0.typeLocation) }
            case .enumeration: break
            }
        }
        for error in spec.errors + spec.uses.flatMap(\.errors) {
            for statusCase in error.statusCases {
                if case .body(let type) = statusCase.payload { written.append((type, statusCase.caseName.location)) }
            }
        }
        for strategy in spec.strategies {
            let fields = strategy.pathParameters + strategy.query + strategy.headers + strategy.cookies
                + (strategy.body?.fields ?? []) + strategy.responseHeaders
            written += fields.map { ($0.type, $0.typeLocation) }
            if case .json(let type, let location)? = strategy.body { written.append((type, location)) }
            switch strategy.returns {
            case .type(let type, let location)?: written.append((type, location))
            case .fields(let fields)?: written += fields.map { ($0.type, $0.typeLocation) }
            case nil: break
            }
        }
        for (type, location) in written {
            if let name = type.modelName, !types.contains(name) {
                unresolved.append(.error("type '\(name)' does not resolve", at: location))
            }
        }
    }

    /// Notes each default of the spec's own fields holding a value of an enum that the enum
    /// doesn't list, so each one the code model writes is a case.
    private mutating func checkEnumValues() {
        var fields = spec.models.flatMap(\.fields)
        for strategy in spec.strategies {
            fields += strategy.pathParameters + strategy.query + strategy.headers + strategy.cookies
                + (strategy.body?.fields ?? []) + strategy.responseHeaders
            if case .fields(let output)? = strategy.returns { fields += output }
        }
        for field in fields {
            if let value = field.defaultValue, let name = enumNotListing(value, as: field.type) {
                unresolved.append(.error("the default of '\(field.name)' holds a value enum '\(name)' doesn't list", at: field.name.location))
            }
        }
    }

    /// The name of an enum that doesn't list the part of `value` it types, if any.
    private func enumNotListing(_ value: YAMLValue, as type: TypeReference) -> String? {
        switch (value, type) {
        case (.null, _), (_, .builtIn(.json)): return nil
        case (_, .optional(let wrapped)): return enumNotListing(value, as: wrapped)
        case (.array(let items), .array(let element)): return items.lazy.compactMap { enumNotListing($0, as: element) }.first
        case (.object(let keys, let values), .dictionary(let element)):
            return keys.lazy.compactMap { values[$0].flatMap { enumNotListing($0, as: element) } }.first
        case (_, .named(let name)):
            guard let enumeration = types.enumeration(name), enumeration.listedCase(value) == nil else { return nil }
            return name
        default: return nil
        }
    }

    /// The parts of `strategy`'s path, each placeholder resolved to its path parameter.
    private mutating func pathParts(of strategy: StrategySpec) -> [ResolvedStrategy.PathPart] {
        PathTemplate(strategy.path.value).parts.compactMap { part in
            switch part {
            case .literal(let text): return .literal(text)
            case .placeholder(let placeholder):
                guard let parameter = strategy.pathParameters.first(where: { $0.name.value == placeholder }) else {
                    unresolved.append(.error("path parameter '\(placeholder)' of strategy '\(strategy.name)' does not resolve", at: strategy.path.location))
                    return nil
                }
                return .parameter(parameter)
            }
        }
    }

    /// How `strategy`'s pages follow each other, if it pages.
    private mutating func paging(of strategy: StrategySpec) -> ResolvedStrategy.Paging? {
        guard let pagination = strategy.pagination else { return nil }
        var parameter: FieldSpec?
        if let name = pagination.parameter {
            parameter = strategy.query.first { $0.name.value == name.value }
            if parameter == nil {
                unresolved.append(.error("paging parameter '\(name)' of strategy '\(strategy.name)' does not resolve", at: name.location))
            }
        }
        switch catalog.pageItems(of: strategy) {
        case .success(let items):
            return ResolvedStrategy.Paging(spec: pagination, parameter: parameter, items: items)
        case .failure(let error):
            unresolved.append(.error("the pages of strategy '\(strategy.name)' don't resolve: \(error.message)", at: pagination.location))
            return nil
        }
    }

    /// How `scheme` renews its token, if it is a bearer scheme that names a refresh strategy.
    private mutating func renewal(of scheme: AuthSchemeSpec, strategies: [ResolvedStrategy], indices: [String: Int]) -> Renewal? {
        guard case .bearer(let bearer) = scheme.kind, let refresh = bearer.refresh,
              let index = lookUp(refresh, in: indices, kind: "strategy") else { return nil }
        let strategy = strategies[index]
        let inputs = strategy.pathParameters + strategy.query + strategy.headers + strategy.cookies + (strategy.body?.fields ?? [])
        guard let input = inputs.first else {
            unresolved.append(.error("refresh strategy '\(refresh)' takes no refresh token", at: refresh.location))
            return nil
        }
        guard let token = token(of: scheme, from: strategy.spec, at: refresh) else { return nil }
        return Renewal(strategy: strategy, input: input, token: token)
    }

    /// Where `strategy`'s output holds the token of `scheme`, a bearer scheme.
    private mutating func token(of scheme: AuthSchemeSpec, from strategy: StrategySpec, at reference: Named) -> TokenFields? {
        guard case .bearer(let bearer) = scheme.kind else {
            unresolved.append(.error("auth scheme '\(scheme.name)' has no token to keep", at: reference.location))
            return nil
        }
        let fields: [FieldSpec] = switch strategy.returns {
        case .fields(let fields)?: fields
        case .type(.named(let name), _)?: types[name].fields
        default: []
        }
        func field(_ wireName: String) -> FieldSpec? {
            fields.first { $0.name.value == wireName }
        }
        guard let accessToken = field(bearer.accessToken) else {
            unresolved.append(.error("strategy '\(strategy.name)' returns no '\(bearer.accessToken)'", at: reference.location))
            return nil
        }
        return TokenFields(
            scheme: scheme, accessToken: accessToken,
            refreshToken: field(bearer.refreshToken ?? "refresh_token"), expiresIn: field(bearer.expiresIn ?? "expires_in")
        )
    }
}

extension ModelSpec {
    /// The model as one only ever sent: without the fields the API only returns (`readOnly`),
    /// and with each field the document lets be `null` able to send it.
    fileprivate var asSent: ModelSpec {
        guard case .object(let fields) = kind, fields.contains(where: { $0.nullWhenSent || $0.isReadOnly }) else { return self }
        var model = self
        model.kind = .object(fields.asSent)
        return model
    }
}
