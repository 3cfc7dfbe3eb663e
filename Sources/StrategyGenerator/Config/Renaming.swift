extension APISpec {
    /// The names `rename` may give a Swift name of its own: the API's, and the declarations of this
    /// spec and of the specs it uses.
    var renameableNames: Set<String> {
        let declared = [name] + models.map(\.name) + errors.map(\.name) + strategies.map(\.name) + interfaces.map(\.name)
            + uses.flatMap { $0.models.map(\.name) + $0.errors.map(\.name) }
        return Set(declared.map(\.value))
    }

    /// The spec with its API, models, error types, strategies and interfaces renamed, and every
    /// reference to them: `names` maps a spec name to its Swift name. The error type named after
    /// the API (`Users` → `UsersError`) follows the API's new name unless `names` renames it too.
    func renamed(_ names: [String: String]) -> APISpec {
        guard !names.isEmpty else { return self }
        var names = names
        if let api = names[name.value], names[name.value + "Error"] == nil,
           errors.contains(where: { $0.name.value == name.value + "Error" }) {
            names[name.value + "Error"] = api + "Error"
        }
        let renamer = Renamer(names: names)
        var spec = self
        spec.name = renamer.named(name)
        spec.authSchemes = authSchemes.map(renamer.authScheme)
        spec.models = models.map(renamer.model)
        spec.errors = errors.map(renamer.error)
        spec.strategies = strategies.map(renamer.strategy)
        spec.interfaces = interfaces.map(renamer.interface)
        spec.uses = uses.map { used in
            var used = used
            used.models = used.models.map(renamer.model)
            used.errors = used.errors.map(renamer.error)
            return used
        }
        return spec
    }
}

/// Renames declarations and the references to them, part by part.
private struct Renamer {
    let names: [String: String]

    func named(_ name: Named) -> Named {
        names[name.value].map { Named($0, at: name.location) } ?? name
    }

    /// `type` with the models it names renamed; a new name that is a built-in type's names that
    /// type. Built-in types keep their names.
    func type(_ type: TypeReference) -> TypeReference {
        switch type {
        case .builtIn: type
        case .named(let name): TypeReference(name: names[name] ?? name)
        case .optional(let wrapped): .optional(self.type(wrapped))
        case .array(let element): .array(self.type(element))
        case .dictionary(let value): .dictionary(self.type(value))
        }
    }

    func field(_ field: FieldSpec) -> FieldSpec {
        var field = field
        field.type = type(field.type)
        return field
    }

    func authScheme(_ scheme: AuthSchemeSpec) -> AuthSchemeSpec {
        guard case .bearer(var bearer) = scheme.kind else { return scheme }
        var scheme = scheme
        bearer.refresh = bearer.refresh.map(named)
        scheme.kind = .bearer(bearer)
        return scheme
    }

    func model(_ model: ModelSpec) -> ModelSpec {
        var model = model
        model.name = named(model.name)
        model.additionalProperties = model.additionalProperties.map(type)
        if case .object(let fields) = model.kind {
            model.kind = .object(fields.map(field))
        }
        if case .union(var union) = model.kind {
            union.variants = union.variants.map { variant in
                var variant = variant
                variant.type = type(variant.type)
                return variant
            }
            model.kind = .union(union)
        }
        model.allOf = model.allOf.map(named)
        return model
    }

    func error(_ error: ErrorSpec) -> ErrorSpec {
        var error = error
        error.name = named(error.name)
        error.statusCases = error.statusCases.map { statusCase in
            var statusCase = statusCase
            if case .body(let payload) = statusCase.payload {
                statusCase.payload = .body(type(payload))
            }
            return statusCase
        }
        return error
    }

    func strategy(_ strategy: StrategySpec) -> StrategySpec {
        var strategy = strategy
        strategy.name = named(strategy.name)
        strategy.pathParameters = strategy.pathParameters.map(field)
        strategy.query = strategy.query.map(field)
        strategy.headers = strategy.headers.map(field)
        strategy.cookies = strategy.cookies.map(field)
        strategy.errorType = strategy.errorType.map(named)
        switch strategy.body {
        case .json(let body, let location)?: strategy.body = .json(type(body), location)
        case .jsonFields(let fields)?: strategy.body = .jsonFields(fields.map(field))
        case .form(let fields)?: strategy.body = .form(fields.map(field))
        case .multipart(let fields)?: strategy.body = .multipart(fields.map(field))
        case .raw?, nil: break
        }
        switch strategy.returns {
        case .type(let output, let location)?: strategy.returns = .type(type(output), location)
        case .fields(let fields)?: strategy.returns = .fields(fields.map(field))
        case nil: break
        }
        if let element = strategy.stream?.element { strategy.stream?.element = type(element) }
        return strategy
    }

    func interface(_ interface: InterfaceSpec) -> InterfaceSpec {
        var interface = interface
        interface.name = named(interface.name)
        interface.strategies = interface.strategies.map(named)
        return interface
    }
}
