/// A spec whose references resolve, whose names are unique and whose paths match their
/// parameters: what the code model may rely on.
public struct ValidatedSpec: Sendable {
    public let spec: APISpec
    /// Problems that don't stop generation.
    public let warnings: [Diagnostic]
}

/// Checks what the loader can't see from one node alone: references, duplicates, path
/// parameters, cycles. Reports every problem it finds.
public enum SpecValidator {
    /// Checks a loaded spec; throws its loading problems and its own, in the order of the file,
    /// if any of them is an error.
    public static func validate(_ loaded: LoadedSpec) throws(DiagnosticsError) -> ValidatedSpec {
        var check = Checker(spec: loaded.spec)
        check.servers()
        check.uniqueTypeNames()
        check.models()
        check.errorTypes()
        check.strategies()
        check.modelCycles()
        let diagnostics = (loaded.diagnostics + check.diagnostics.diagnostics).sortedByLocation()
        guard !diagnostics.contains(where: { $0.severity == .error }) else {
            throw DiagnosticsError(diagnostics)
        }
        return ValidatedSpec(spec: loaded.spec, warnings: diagnostics)
    }
}

private struct Checker {
    let spec: APISpec
    let modelNames: Set<String>
    var diagnostics = DiagnosticCollector()

    init(spec: APISpec) {
        self.spec = spec
        modelNames = Set(spec.models.map(\.name.value))
    }

    mutating func servers() {
        for server in spec.servers where server.name.value == "custom" {
            diagnostics.error("'custom' is the environment for any other server; give this server another name", at: server.name.location)
        }
    }

    mutating func uniqueTypeNames() {
        var seen: [String: String] = ["\(spec.name.value)Client": "the generated client"]
        let names = spec.models.map { ($0.name, "model") } + spec.errors.map { ($0.name, "error type") }
            + spec.strategies.map { ($0.name, "strategy") }
        for (name, kind) in names {
            if let earlier = seen[name.value] {
                diagnostics.error("\(kind) '\(name)' has the same name as \(earlier); every model, error type and strategy needs its own name", at: name.location)
            } else {
                seen[name.value] = "\(kind) '\(name)'"
            }
        }
    }

    mutating func models() {
        for model in spec.models {
            uniqueSwiftNames(model.fields, in: "model '\(model.name)'")
            for field in model.fields {
                resolve(field.type, at: field.typeLocation)
            }
        }
    }

    mutating func errorTypes() {
        for error in spec.errors {
            var cases: Set<String> = []
            for statusCase in error.statusCases {
                let name = statusCase.caseName
                if name.value == "unknown" {
                    diagnostics.error("'unknown' is the case for responses no other case describes; give status \(statusCase.statusCode) another name", at: name.location)
                } else if !cases.insert(name.value).inserted {
                    diagnostics.error("error type '\(error.name)' has two cases named '\(name)'", at: name.location)
                }
            }
        }
    }

    mutating func strategies() {
        let errorNames = spec.errors.map(\.name.value)
        for strategy in spec.strategies {
            let what = "strategy '\(strategy.name)'"
            uniqueSwiftNames(strategy.pathParameters + strategy.query, in: what)
            for field in strategy.pathParameters + strategy.query {
                resolve(field.type, at: field.typeLocation)
                parameterType(field, of: what)
            }
            if let returns = strategy.returns, let location = strategy.returnsLocation {
                resolve(returns, at: location)
            }
            if let errorType = strategy.errorType, !errorNames.contains(errorType.value) {
                var message = "\(what) uses error type '\(errorType)', which the spec doesn't define"
                if let suggestion = closestMatch(to: errorType.value, in: errorNames) {
                    message += "; did you mean '\(suggestion)'?"
                }
                diagnostics.error(message, at: errorType.location)
            }
            pathParameters(of: strategy)
        }
    }

    /// Every `{name}` in the path is declared under `path:`, and every declared one is used.
    mutating func pathParameters(of strategy: StrategySpec) {
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

    /// Path and query values are written as text, so they must be simple values.
    mutating func parameterType(_ field: FieldSpec, of owner: String) {
        var type = field.type
        if case .optional(let wrapped) = type { type = wrapped }
        if case .named(let name) = type {
            let isUnknown = TypeReference.builtins[name] == nil && !modelNames.contains(name)
            if Self.parameterTypes.contains(name) || isUnknown { return } // unknown types are reported by resolve
        }
        let allowed = Self.parameterTypes.joined(separator: ", ")
        diagnostics.error("'\(field.name)' of \(owner) has type '\(field.type)'; a path or query value must be one of \(allowed)", at: field.typeLocation)
    }

    static let parameterTypes = ["String", "Int", "Int32", "Int64", "Double", "Float", "Bool", "UUID"]

    /// Two wire names that become the same Swift name (`user_id`, `userId`) would collide.
    mutating func uniqueSwiftNames(_ fields: [FieldSpec], in owner: String) {
        var seen: [String: String] = [:]
        for field in fields {
            let swiftName = SwiftName.member(field.name.value)
            if let earlier = seen[swiftName] {
                diagnostics.error("'\(field.name)' and '\(earlier)' in \(owner) both become '\(swiftName)' in Swift; rename one", at: field.name.location)
            } else {
                seen[swiftName] = field.name.value
            }
        }
    }

    mutating func resolve(_ type: TypeReference, at location: SourceLocation) {
        for name in type.namedTypes where TypeReference.builtins[name] == nil && !modelNames.contains(name) {
            var message = "unknown type '\(name)'; define it under 'models' or use a built-in type"
            if let suggestion = closestMatch(to: name, in: spec.models.map(\.name.value) + TypeReference.builtins.keys.sorted()) {
                message += "; did you mean '\(suggestion)'?"
            }
            diagnostics.error(message, at: location)
        }
    }

    /// A struct can't hold itself except through an array or a dictionary.
    mutating func modelCycles() {
        let models = Dictionary(spec.models.map { ($0.name.value, $0) }, uniquingKeysWith: { first, _ in first })
        func directMembers(_ model: ModelSpec) -> [(field: FieldSpec, model: String)] {
            model.fields.compactMap { field in
                var type = field.type
                if case .optional(let wrapped) = type { type = wrapped }
                guard case .named(let name) = type, models[name] != nil else { return nil }
                return (field, name)
            }
        }
        var reported: Set<String> = []
        for model in spec.models {
            var stack = [(model.name.value, [String]())]
            var visited: Set<String> = []
            while let (current, trail) = stack.popLast() {
                guard let node = models[current], visited.insert(current).inserted else { continue }
                for (field, next) in directMembers(node) {
                    let path = trail + ["\(current).\(field.name)"]
                    if next == model.name.value, reported.insert(model.name.value).inserted {
                        diagnostics.error("model '\(model.name)' contains itself through \(path.joined(separator: " → ")); a struct can't hold itself, so make one of these fields a list", at: model.name.location)
                    } else {
                        stack.append((next, path))
                    }
                }
            }
        }
    }
}
