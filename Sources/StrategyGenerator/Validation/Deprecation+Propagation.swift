/// Deprecation lands where the spec puts it. A deprecated model is a deprecated type; a field or
/// a union's member that holds one is a deprecated part of the model that has it, and a model or
/// a strategy is deprecated with it only when it can't be built or called without that part: a
/// required field or parameter, a union whose every member is deprecated, or an output. Generated
/// code compiles without deprecation warnings, and a caller sees one exactly where it touches a
/// deprecated part.
extension APISpec {
    /// The names of deprecated models, this spec's and the used specs': those marked so, and
    /// those that can't be without one (a required field, or only deprecated members).
    var deprecatedModelNames: Set<String> {
        let all = uses.flatMap(\.models) + models
        var names = Set(all.filter { $0.deprecated != nil }.map(\.name.value))
        var grew = true
        while grew {
            grew = false
            for model in all where !names.contains(model.name.value) && model.needsOneOf(names) {
                names.insert(model.name.value)
                grew = true
            }
        }
        return names
    }

    /// The deprecation of each model and strategy, by name: its own, or one naming the deprecated
    /// model it can't be without. The spec itself is left as written.
    var deprecations: (models: [String: Deprecation], strategies: [String: Deprecation]) {
        let deprecated = deprecatedModelNames
        var models: [String: Deprecation] = [:], strategies: [String: Deprecation] = [:]
        for model in uses.flatMap(\.models) + self.models {
            let used = model.requiredTypes.lazy.compactMap(\.modelName).first(where: deprecated.contains)
                ?? (model.needsOneOf(deprecated) ? model.memberTypes.lazy.compactMap(\.modelName).first(where: deprecated.contains) : nil)
            models[model.name.value] = model.deprecated ?? used.map(Deprecation.usingModel)
        }
        for strategy in self.strategies {
            let used = strategy.requiredModelNames.first(where: deprecated.contains)
            strategies[strategy.name.value] = strategy.deprecated ?? used.map(Deprecation.usingModel)
        }
        return (models, strategies)
    }
}

extension Deprecation {
    /// The deprecation of what holds the deprecated model `name`.
    static func usingModel(_ name: String) -> Deprecation {
        Deprecation(message: "uses the deprecated model '\(name)'")
    }
}

extension ModelSpec {
    /// Whether the model can't be without one of the models named in `names`: a required field
    /// holds one, or it is a union whose every member does.
    func needsOneOf(_ names: Set<String>) -> Bool {
        if case .union(let union) = kind {
            return !union.variants.isEmpty && union.variants.allSatisfy { $0.type.mentions(names) }
        }
        return requiredTypes.contains { $0.mentions(names) }
    }

    /// The types of the fields a value must have: those that can't be left out.
    var requiredTypes: [TypeReference] {
        guard case .object(let fields) = kind else { return [] }
        return fields.filter { !$0.canBeLeftOut }.map(\.type)
    }
}

extension FieldSpec {
    /// Whether a value may be built without this field: it is optional, `nullable`, or has a
    /// default.
    public var canBeLeftOut: Bool {
        type.isOptional || nullable || defaultValue != nil
    }
}

extension FieldSpec {
    /// The field, deprecated where it holds a model named in `names` and isn't deprecated already.
    func marked(holding names: Set<String>) -> FieldSpec {
        guard deprecated == nil, let model = type.modelName, names.contains(model) else { return self }
        var field = self
        field.deprecated = .usingModel(model)
        return field
    }
}

extension ModelSpec {
    /// The model with each field that holds a deprecated model deprecated: for a model that isn't.
    func markingFields(holding names: Set<String>) -> ModelSpec {
        guard case .object(let fields) = kind else { return self }
        var model = self
        model.kind = .object(fields.map { $0.marked(holding: names) })
        return model
    }
}

extension StrategySpec {
    /// The strategy with each parameter and body field that holds a deprecated model deprecated:
    /// for a strategy that isn't.
    func markingFields(holding names: Set<String>) -> StrategySpec {
        var strategy = self
        strategy.pathParameters = pathParameters.map { $0.marked(holding: names) }
        strategy.query = query.map { $0.marked(holding: names) }
        strategy.headers = headers.map { $0.marked(holding: names) }
        strategy.cookies = cookies.map { $0.marked(holding: names) }
        switch body {
        case .jsonFields(let fields): strategy.body = .jsonFields(fields.map { $0.marked(holding: names) })
        case .form(let fields): strategy.body = .form(fields.map { $0.marked(holding: names) })
        case .multipart(let fields): strategy.body = .multipart(fields.map { $0.marked(holding: names) })
        case .json, .raw, nil: break
        }
        return strategy
    }

    /// The models a call can't be made without, by name: those its required parameters and body
    /// fields hold, a body it requires, and its output.
    var requiredModelNames: [String] {
        var types = (pathParameters + query + headers + cookies).filter { !$0.canBeLeftOut }.map(\.type)
        switch body {
        case .json(let type, _): if !type.isOptional { types.append(type) }
        case .jsonFields(let fields), .form(let fields), .multipart(let fields): types += fields.filter { !$0.canBeLeftOut }.map(\.type)
        case .raw, nil: break
        }
        switch returns {
        case .type(let type, _): types.append(type)
        case .fields(let fields): types += fields.map(\.type)
        case nil: break
        }
        return types.compactMap(\.modelName)
    }
}

extension TypeReference {
    /// Whether this type holds a model named in `names`.
    func mentions(_ names: Set<String>) -> Bool {
        modelName.map(names.contains) ?? false
    }
}

extension Checker {
    /// Error types can't be deprecated, so none may carry a deprecated model.
    mutating func errorPayloadsAreNotDeprecated() {
        let deprecated = spec.deprecatedModelNames
        for error in spec.errors {
            for statusCase in error.statusCases {
                guard case .body(let type) = statusCase.payload, let used = type.modelName, deprecated.contains(used) else { continue }
                diagnostics.error(
                    "case '\(statusCase.caseName)' of error type '\(error.name)' carries the deprecated model '\(used)'; error types can't be deprecated, so give it a model that isn't",
                    at: statusCase.caseName.location
                )
            }
        }
    }
}
