/// Deprecation flows to what uses a deprecated model, so generated code compiles without
/// deprecation warnings while a caller of anything that involves the model still sees one.
extension APISpec {
    /// The names of deprecated models, this spec's and the used specs': those marked so, and
    /// those with a field whose type involves one.
    var deprecatedModelNames: Set<String> {
        var names = Set((uses.flatMap(\.models) + models).filter { $0.deprecated != nil }.map(\.name.value))
        var grew = true
        while grew {
            grew = false
            for model in models where !names.contains(model.name.value) && model.memberTypes.contains(where: { $0.mentions(names) }) {
                names.insert(model.name.value)
                grew = true
            }
        }
        return names
    }

    /// The deprecation of each model and strategy, by name: its own, or one naming the deprecated
    /// model it uses. The spec itself is left as written.
    var deprecations: (models: [String: Deprecation], strategies: [String: Deprecation]) {
        let deprecated = deprecatedModelNames
        var models: [String: Deprecation] = [:], strategies: [String: Deprecation] = [:]
        for model in uses.flatMap(\.models) + self.models {
            let used = model.memberTypes.lazy.compactMap(\.modelName).first(where: deprecated.contains)
            models[model.name.value] = model.deprecated ?? used.map { Deprecation(message: "uses the deprecated model '\($0)'") }
        }
        for strategy in self.strategies {
            let used = strategy.modelNames.first(where: deprecated.contains)
            strategies[strategy.name.value] = strategy.deprecated ?? used.map { Deprecation(message: "uses the deprecated model '\($0)'") }
        }
        return (models, strategies)
    }
}

extension StrategySpec {
    /// The models the strategy's parameters, body and output hold, by name.
    var modelNames: [String] {
        var types = (pathParameters + query + headers).map(\.type)
        switch body {
        case .json(let type, _): types.append(type)
        case .jsonFields(let fields), .form(let fields), .multipart(let fields): types += fields.map(\.type)
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
