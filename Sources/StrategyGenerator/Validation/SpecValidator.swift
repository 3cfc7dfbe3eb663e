/// A spec that passed validation, configured, rewritten as it is generated and resolved: what
/// the code model builds from. Its names are unique, its paths match their parameters, and each
/// of its references is the thing it names (`ResolvedSpec`), so the code model looks nothing up.
public struct ValidatedSpec: Sendable {
    /// The spec with what its references name.
    let resolved: ResolvedSpec
    /// Problems that don't stop generation.
    public let warnings: [Diagnostic]

    /// The spec as it is generated: with the configuration's names and access level, each
    /// parameter's `default` read as what the server assumes, each error type holding the codes
    /// it includes.
    public var spec: APISpec { resolved.spec }
}

/// Checks what the loader can't see from one node alone: references, duplicates, path
/// parameters, parameter types, cycles. Reports every problem it finds.
public enum SpecValidator {
    /// Checks a loaded spec as its file writes it, so each problem is told in the file's names at
    /// its place; throws its loading problems and its own, in the order of the file, if any of
    /// them is an error. Then applies `config` (names, access level), rewrites the spec as it is
    /// generated and resolves its references (`ResolvedSpec.resolve(_:)`).
    ///
    /// Only the names of the declarations are checked as `config` renames them: those are the
    /// names the generated code uses.
    public static func validate(_ loaded: LoadedSpec, config: GeneratorConfig = .standard) throws(DiagnosticsError) -> ValidatedSpec {
        let (spec, diagnostics, _) = checked(loaded, config: config)
        guard !diagnostics.contains(where: { $0.severity == .error }) else {
            throw DiagnosticsError(diagnostics)
        }
        return ValidatedSpec(resolved: try ResolvedSpec.resolve(config.applied(to: spec)), warnings: diagnostics)
    }

    /// The errors validation finds in `spec`, which has no diagnostics of its own, without
    /// configuring or resolving it, each with the element it is about: what an imported document
    /// leaves out. A check that knows its element names it; any other fault is about what is
    /// written at its place.
    static func faults(in spec: APISpec) -> [SpecFault] {
        let (_, diagnostics, elements) = checked(LoadedSpec(spec: spec, diagnostics: []), config: .standard)
        return diagnostics.filter { $0.severity == .error }.map { error in
            SpecFault(diagnostic: error, element: elements[error] ?? error.location.flatMap(spec.element(writtenAt:)))
        }
    }

    /// `loaded`'s spec with its compositions made, and its loading problems and the checks' in
    /// the order of the file.
    private static func checked(_ loaded: LoadedSpec, config: GeneratorConfig) -> (spec: APISpec, diagnostics: [Diagnostic], elements: [Diagnostic: SpecElement]) {
        var composing = Checker(spec: loaded.spec, renames: config.renamesByName)
        composing.compositions()
        let spec = loaded.spec.composingModels()
        var check = Checker(spec: spec, renames: config.renamesByName)
        check.diagnostics = composing.diagnostics
        check.servers()
        check.uniqueNames()
        check.usedTypes()
        check.models()
        check.errorTypes()
        check.errorIncludes()
        check.authSchemes()
        check.generatedNames()
        check.strategies()
        check.interfaces()
        check.modelCycles()
        check.threeStateFields()
        check.errorPayloadsAreNotDeprecated()
        check.examples()
        check.stubbedStrategies()
        check.parameterWireForms()
        check.responses()
        check.unusedModels()
        let found = check.diagnostics.diagnostics.map { diagnostic in
            // In an imported document, a place is also named by its JSON pointer.
            guard let pointer = diagnostic.location.flatMap({ loaded.pointers[$0] }) else { return diagnostic }
            var named = diagnostic
            named.message += " (\(pointer))"
            return named
        }
        return (spec, (loaded.diagnostics + found).sortedByLocation(), check.elements)
    }
}

struct Checker {
    let spec: APISpec
    let types: TypeCatalog
    /// The configuration's Swift names for the spec's names.
    let renames: [String: String]
    var diagnostics = DiagnosticCollector()
    /// The element each error is about, where the check that found it names one.
    var elements: [Diagnostic: SpecElement] = [:]

    init(spec: APISpec, renames: [String: String] = [:]) {
        self.spec = spec
        self.renames = renames
        types = TypeCatalog(spec)
    }

    /// An error about `element`.
    mutating func fault(_ message: String, at location: SourceLocation, about element: SpecElement) {
        diagnostics.error(message, at: location)
        elements[.error(message, at: location)] = element
    }

    /// The number of diagnostics so far: where the checks of one strategy, model or error type begin.
    var mark: Int { diagnostics.diagnostics.count }

    /// Names the element of each error reported since `mark` that names none yet, by what
    /// `element` finds written at the error's place: the checks of one strategy, model or error
    /// type name its own elements, even where others share the place (a parameter or a schema
    /// that many operations refer to).
    mutating func nameFaults(since start: Int, by element: (SourceLocation) -> SpecElement?) {
        for diagnostic in diagnostics.diagnostics[start...] where diagnostic.severity == .error && elements[diagnostic] == nil {
            guard let location = diagnostic.location, let found = element(location) else { continue }
            elements[diagnostic] = found
        }
    }

    /// The name generated code gives `name`: the configuration's, or the spec's own.
    func swiftName(_ name: Named) -> String {
        renames[name.value] ?? name.value
    }

    /// `model 'User'`, and the name the configuration gives it, if any.
    func describe(_ kind: String, _ name: Named) -> String {
        renames[name.value].map { "\(kind) '\(name)' (renamed '\($0)' by the configuration)" } ?? "\(kind) '\(name)'"
    }

    mutating func servers() {
        for server in spec.servers where server.name.value == "custom" {
            diagnostics.error("'custom' is the environment for any other server; give this server another name", at: server.name.location)
        }
        if spec.servers.isEmpty, let first = spec.strategies.first {
            diagnostics.error("the spec has strategies but no servers; add e.g. 'servers: { production: https://api.example.com }'", at: first.name.location)
        }
    }

    mutating func uniqueNames() {
        let apiName = swiftName(spec.name)
        var seen: [String: String] = [
            "\(apiName)Client": "the generated client", "\(apiName)Stubs": "the generated stubs",
        ]
        for used in spec.uses {
            for model in used.models { seen[swiftName(model.name)] = describe("model", model.name) + " of \(fileName(of: used.path.value))" }
            for error in used.errors { seen[swiftName(error.name)] = describe("error type", error.name) + " of \(fileName(of: used.path.value))" }
        }
        let names = spec.models.map { ($0.name, "model") } + spec.errors.map { ($0.name, "error type") }
            + spec.strategies.map { ($0.name, "strategy") } + spec.interfaces.map { ($0.name, "interface") }
        for (name, kind) in names {
            let swiftName = swiftName(name)
            if Vocabulary.isReserved(swiftName) {
                diagnostics.error("\(describe(kind, name)) has a name Swift reserves; give it another name, such as '\(apiName)\(SwiftName.type(swiftName))'", at: name.location)
            } else if let used = Vocabulary.namesGeneratedCodeUses[swiftName] {
                diagnostics.error("\(describe(kind, name)) would hide \(used), which generated code uses; give it another name, such as '\(apiName)\(swiftName)'", at: name.location)
            } else if let earlier = seen[swiftName] {
                diagnostics.error("\(describe(kind, name)) has the same name as \(earlier); every model, error type, strategy and interface needs its own name", at: name.location)
            } else {
                seen[swiftName] = describe(kind, name)
            }
        }
        var methods: [String: String] = [:]
        for strategy in spec.strategies {
            let method = SwiftName.member(swiftName(strategy.name))
            let name = swiftName(strategy.name)
            // A reserved name is reported once, above.
            if Vocabulary.isReserved(name) {
                continue
            }
            if method == "_" {
                diagnostics.error("strategy '\(strategy.name)' has no letter or digit to name its client method; give it a name with one", at: strategy.name.location)
            } else if let earlier = methods[method] {
                diagnostics.error("strategies '\(earlier)' and '\(strategy.name)' would both become the client method '\(method)'; rename one", at: strategy.name.location)
            } else if method == name {
                diagnostics.error("strategy '\(strategy.name)' would have the name of its own client method '\(method)'; start it with a capital letter, such as '\(SwiftName.type(method))'", at: strategy.name.location)
            }
            methods[method] = strategy.name.value
        }
    }

    mutating func models() {
        for model in spec.models {
            let start = mark
            defer { nameFaults(since: start, by: model.element(writtenAt:)) }
            switch model.kind {
            case .object(let fields):
                fieldList(fields, in: "model '\(model.name)'", allowFiles: false)
            case .enumeration(let enumeration):
                enumCases(enumeration, of: model)
            case .union(let union):
                unionVariants(union, of: model)
            }
        }
    }

    private mutating func enumCases(_ enumeration: EnumSpec, of model: ModelSpec) {
        var names: [String: String] = [:]
        var values: Set<String> = []
        for item in enumeration.cases {
            let name = item.swiftName ?? SwiftName.enumCase(item.value.value)
            // Integer values are the same value however they are written (`7`, `07`, `+7`).
            let value = enumeration.isInteger ? Int(item.value.value).map(String.init) ?? item.value.value : item.value.value
            if !values.insert(value).inserted {
                diagnostics.error("model '\(model.name)' lists '\(item.value)' twice", at: item.value.location)
            } else if name == "_" {
                diagnostics.error("'\(item.value)' in model '\(model.name)' has no letter or digit to name its Swift value; give it a name with '{ name: value }'", at: item.value.location)
            } else if ["rawValue", "hashValue"].contains(name) {
                diagnostics.error("'\(item.value)' in model '\(model.name)' becomes '\(name)', which every enum model declares; give it another name with '{ name: value }'", at: item.value.location)
            } else if let given = item.swiftName, SwiftName.optionalCases.contains(given) {
                diagnostics.error("'\(given)' in model '\(model.name)' would read as Optional's '.\(given)' where the value is optional; give it another name", at: item.value.location)
            } else if name == "unknown" {
                diagnostics.error("'unknown' is the case for values model '\(model.name)' doesn't list; name this one differently", at: item.value.location)
            } else if let earlier = names[name] {
                diagnostics.error("'\(item.value)' and '\(earlier)' in model '\(model.name)' both become the case '\(name)'; give one a name with '{ name: value }'", at: item.value.location)
            }
            names[name] = item.value.value
        }
    }

    /// Names, types, formats and defaults of a list of fields.
    mutating func fieldList(_ fields: [FieldSpec], in owner: String, allowFiles: Bool) {
        var seen: [String: String] = [:]
        for field in fields {
            let swiftName = field.swiftName ?? SwiftName.member(field.name.value)
            if swiftName == "_" {
                diagnostics.error("'\(field.name)' in \(owner) has no letter or digit to name its Swift property; give it one with 'swift:'", at: field.name.location)
            } else if let earlier = seen[swiftName] {
                diagnostics.error("'\(field.name)' and '\(earlier)' in \(owner) both become '\(swiftName)' in Swift; rename one with 'swift:'", at: field.name.location)
            } else {
                seen[swiftName] = field.name.value
            }
            resolve(field.type, at: field.typeLocation, allowFiles: allowFiles)
            if field.dateFormat != nil, !field.type.mentions(.date) {
                diagnostics.error("'format' applies to dates, but '\(field.name)' in \(owner) is '\(field.type)'", at: field.typeLocation)
            }
            if let value = field.defaultValue, !types.accepts(value, as: field.type) {
                var message = "the default of '\(field.name)' in \(owner) is not a value of type '\(field.type)'"
                if let name = field.type.modelName, let enumeration = types.enums[name] {
                    var listed: [String] = []
                    for item in enumeration.cases where !listed.contains(item.value.value) { listed.append(item.value.value) }
                    message += "; '\(name)' has " + listed.map { "'\($0)'" }.joined(separator: ", ")
                }
                diagnostics.error(message, at: field.name.location)
            }
        }
    }

    mutating func errorTypes() {
        for error in spec.errors {
            let start = mark
            defer { nameFaults(since: start, by: error.element(writtenAt:)) }
            var cases: Set<String> = []
            let names = error.codeCases.map(\.caseName) + error.statusCases.map(\.caseName)
            for name in names {
                if name.value == "unknown" {
                    diagnostics.error("'unknown' is the case for responses no other case describes; name this one differently", at: name.location)
                } else if !cases.insert(name.value).inserted {
                    diagnostics.error("error type '\(error.name)' has two cases named '\(name)'", at: name.location)
                }
            }
            let codeKinds = Set(error.codeCases.map { if case .int = $0.code { "number" } else { "string" } })
            if codeKinds.count > 1, let first = error.codeCases.first {
                diagnostics.error("the codes of error type '\(error.name)' mix numbers and strings; use one kind", at: first.caseName.location)
            }
            for statusCase in error.statusCases {
                if case .body(let type) = statusCase.payload {
                    resolve(type, at: statusCase.caseName.location, allowFiles: false)
                }
            }
        }
    }

    mutating func authSchemes() {
        let schemes = spec.authSchemes.map(\.name.value)
        if let auth = spec.defaults.auth, !schemes.contains(auth.value) {
            unknownReference(auth, kind: "auth scheme", known: schemes)
        }
        for scheme in spec.authSchemes where SwiftName.member(swiftName(scheme.name)) == "_" {
            diagnostics.error("auth scheme '\(scheme.name)' has no letter or digit to name its builder method; give it a name with one", at: scheme.name.location)
        }
        for scheme in spec.authSchemes {
            guard case .bearer(let bearer) = scheme.kind, let refresh = bearer.refresh else { continue }
            guard let strategy = spec.strategies.first(where: { $0.name.value == refresh.value }) else {
                unknownReference(refresh, kind: "strategy", known: spec.strategies.map(\.name.value))
                continue
            }
            let inputs = strategy.pathParameters + strategy.query + strategy.headers + strategy.cookies + (strategy.body?.fields ?? [])
            if inputs.count != 1 || inputs.first?.type != .builtIn(.string) {
                diagnostics.error("refresh strategy '\(strategy.name)' must take exactly one String (the refresh token) as its input", at: refresh.location)
            }
            if strategy.auth != .none {
                diagnostics.error("refresh strategy '\(strategy.name)' must not need the token it renews; add 'auth: none' to it", at: refresh.location)
            }
            returnsToken(strategy, of: bearer, because: "renews the token of '\(scheme.name)'", at: refresh.location)
        }
    }

    mutating func interfaces() {
        let names = spec.strategies.map(\.name.value)
        let known = Set(names)
        for interface in spec.interfaces {
            for strategy in interface.strategies where !known.contains(strategy.value) {
                unknownReference(strategy, kind: "strategy", known: names)
            }
        }
    }

    /// Types mentioned nowhere are probably a mistake; a spec with no strategies only defines types.
    mutating func unusedModels() {
        guard !spec.strategies.isEmpty else { return }
        // A model is used where the spec writes its name, even where that is a built-in type's
        // name: such a model is reported for its name, not as unused.
        var used: Set<String> = []
        func use(_ type: TypeReference) {
            if let name = type.core.name { used.insert(name) }
        }
        for model in spec.models {
            model.memberTypes.forEach(use)
            used.formUnion(model.allOf.map(\.value))
        }
        for error in spec.errors {
            for statusCase in error.statusCases {
                if case .body(let type) = statusCase.payload { use(type) }
            }
        }
        for strategy in spec.strategies {
            let fields = strategy.pathParameters + strategy.query + strategy.headers + strategy.cookies + (strategy.body?.fields ?? [])
            fields.forEach { use($0.type) }
            if case .json(let type, _)? = strategy.body { use(type) }
            if let element = strategy.stream?.element { use(element) }
            switch strategy.returns {
            case .type(let type, _)?: use(type)
            case .fields(let fields)?: fields.forEach { use($0.type) }
            case nil: break
            }
        }
        for model in spec.models where !used.contains(model.name.value) {
            diagnostics.warning("model '\(model.name)' is not used by any strategy", at: model.name.location)
        }
    }

    mutating func resolve(_ type: TypeReference, at location: SourceLocation, allowFiles: Bool) {
        switch type.core {
        case .builtIn(.file) where !allowFiles:
            diagnostics.error("'File' can only be the type of a multipart body field", at: location)
        case .builtIn(.data):
            diagnostics.error("'Data' can only be all a strategy returns: 'returns: Data', the body as it came", at: location)
        case .named(let name) where !types.isModel(name):
            var message = "unknown type '\(name)'; define it under 'models' or use a built-in type"
            if let suggestion = closestMatch(to: name, in: types.allNames) {
                message += "; did you mean '\(suggestion)'?"
            }
            diagnostics.error(message, at: location)
        default:
            break
        }
    }

    mutating func unknownReference(_ name: Named, kind: String, known: [String]) {
        var message = "unknown \(kind) '\(name)'"
        if let suggestion = closestMatch(to: name.value, in: known) {
            message += "; did you mean '\(suggestion)'?"
        } else if !known.isEmpty {
            message += "; the spec defines " + known.map { "'\($0)'" }.joined(separator: ", ")
        }
        diagnostics.error(message, at: name.location)
    }

    /// A struct can't hold itself except through an array, a dictionary or a union (whose enum
    /// is then `indirect`).
    mutating func modelCycles() {
        let models = Dictionary(spec.models.map { ($0.name.value, $0) }, uniquingKeysWith: { first, _ in first })
        func directMembers(_ model: ModelSpec) -> [(field: String, model: String)] {
            let members = model.fields.filter { !$0.isIndirect }.map { ($0.name.value, $0.type) }
            return members.compactMap { field, type in
                var type = type
                if case .optional(let wrapped) = type { type = wrapped }
                guard case .named(let name) = type, models[name] != nil else { return nil }
                return (field, name)
            }
        }
        for model in spec.models {
            var stack = [(model.name.value, [String]())]
            var visited: Set<String> = []
            while let (current, trail) = stack.popLast() {
                guard let node = models[current], visited.insert(current).inserted else { continue }
                for (field, next) in directMembers(node) {
                    let path = trail + ["\(current).\(field)"]
                    if next == model.name.value {
                        diagnostics.error("model '\(model.name)' contains itself through \(path.joined(separator: " → ")); a struct can't hold itself, so make one of these fields a list", at: model.name.location)
                        stack.removeAll()
                        break
                    }
                    stack.append((next, path))
                }
            }
        }
    }
}
