/// Unions (`oneOf`) and compositions (`allOf`): what they name must exist and fit together.
extension Checker {
    mutating func unionVariants(_ union: UnionSpec, of model: ModelSpec) {
        let what = "union '\(model.name)'"
        var names: [String: String] = [:]
        if union.variants.isEmpty {
            diagnostics.error("\(what) needs at least one type in 'oneOf'", at: model.name.location)
        }
        for variant in union.variants {
            resolve(variant.type, at: variant.typeLocation, allowFiles: false)
            let name = variant.caseName
            if variant.type.isOptional {
                diagnostics.error("'\(variant.type)' in \(what) is optional; a union holds a value, so make the field that holds the union optional instead", at: variant.typeLocation)
            } else if name == "unknown", union.discriminator != nil {
                diagnostics.error("'unknown' is the case for values \(what) doesn't list; name this one differently", at: variant.value?.location ?? variant.typeLocation)
            } else if let earlier = names[name] {
                diagnostics.error("'\(variant.value?.value ?? variant.type.description)' and '\(earlier)' in \(what) both become the case '\(name)'", at: variant.value?.location ?? variant.typeLocation)
            }
            names[name] = variant.value?.value ?? variant.type.description
            if let discriminator = union.discriminator {
                discriminated(variant, by: discriminator, in: what)
            }
        }
    }

    /// A variant told by a discriminator is an object model with that property as a string.
    private mutating func discriminated(_ variant: UnionVariant, by discriminator: Named, in what: String) {
        switch variant.type {
        case .named(let name) where !types.isModel(name): return  // reported as unknown
        case .builtIn(let type) where !type.isGeneral: return  // reported as out of place
        default: break
        }
        guard case .named(let name) = variant.type, let fields = types.objectFields[name] else {
            diagnostics.error("'\(variant.type)' in \(what) must be an object model, which holds the discriminator '\(discriminator)'", at: variant.typeLocation)
            return
        }
        guard let field = fields.first(where: { $0.name.value == discriminator.value }) else {
            diagnostics.error("model '\(name)' in \(what) has no field '\(discriminator)', the union's discriminator; add it, e.g. '\(discriminator): String'", at: variant.typeLocation)
            return
        }
        let isText = field.type == .builtIn(.string) || field.type.modelName.flatMap { types.enums[$0] }?.isInteger == false
        if !isText || field.type.isOptional || field.nullable {
            diagnostics.error("the discriminator '\(discriminator)' of \(what) is '\(field.type)' in model '\(name)'; it must be a String or a string enum, always present", at: field.typeLocation)
        }
    }

    /// `allOf` names object models, none of them through itself, whose fields agree.
    mutating func compositions() {
        let all = spec.models + spec.uses.flatMap(\.models)
        let models = Dictionary(all.map { ($0.name.value, $0) }, uniquingKeysWith: { first, _ in first })
        for model in spec.models where !model.allOf.isEmpty {
            for part in model.allOf {
                guard let partModel = models[part.value] else {
                    unknownReference(part, kind: "model", known: all.filter { if case .object = $0.kind { true } else { false } }.map(\.name.value))
                    continue
                }
                guard case .object = partModel.kind else {
                    diagnostics.error("'allOf' of model '\(model.name)' names '\(part)', which is not an object model; only fields can be combined", at: part.location)
                    continue
                }
            }
            var seen: Set<String> = []
            func reaches(_ name: String) -> Bool {
                guard seen.insert(name).inserted, let current = models[name] else { return false }
                for part in current.allOf {
                    if part.value == model.name.value || reaches(part.value) { return true }
                }
                return false
            }
            if reaches(model.name.value) {
                diagnostics.error("model '\(model.name)' is composed of itself through 'allOf'", at: model.name.location)
                continue
            }
            var fields: [String: (type: TypeReference, from: String)] = [:]
            for (field, from) in APISpec.composedFields(of: model, models: models) {
                if let earlier = fields[field.name.value], earlier.type != field.type {
                    let source = from == model.name.value ? "its own fields" : "'\(from)'"
                    diagnostics.error(
                        "model '\(model.name)' gets '\(field.name)' as '\(earlier.type)' from '\(earlier.from)' and as '\(field.type)' from \(source); a field can have one type",
                        at: from == model.name.value ? field.name.location : model.name.location
                    )
                } else if fields[field.name.value] == nil {
                    fields[field.name.value] = (field.type, from)
                }
            }
        }
    }
}

extension APISpec {
    /// The spec with each composed model's fields written out: those of the models its `allOf`
    /// names, in order, then its own; a field two parts share with one type is kept once.
    func composingModels() -> APISpec {
        var spec = self
        for index in spec.uses.indices {
            spec.uses[index].models = Self.composing(spec.uses[index].models, among: [])
        }
        spec.models = Self.composing(models, among: uses.flatMap(\.models))
        return spec
    }

    /// `models` composed, with `others` (the models of used specs) to name in `allOf` too.
    private static func composing(_ models: [ModelSpec], among others: [ModelSpec]) -> [ModelSpec] {
        let byName = Dictionary((models + others).map { ($0.name.value, $0) }, uniquingKeysWith: { first, _ in first })
        return models.map { model in
            guard !model.allOf.isEmpty else { return model }
            var fields: [FieldSpec] = []
            for (field, _) in composedFields(of: model, models: byName) where !fields.contains(where: { $0.name.value == field.name.value }) {
                fields.append(field)
            }
            var composed = model
            composed.kind = .object(fields)
            return composed
        }
    }

    /// Every field a model gets, with the name of the model it comes from, in order; cycles and
    /// names of no object model are skipped (the checker reports them).
    static func composedFields(of model: ModelSpec, models: [String: ModelSpec], visiting: Set<String> = []) -> [(FieldSpec, String)] {
        guard !visiting.contains(model.name.value) else { return [] }
        let visiting = visiting.union([model.name.value])
        var result: [(FieldSpec, String)] = []
        for part in model.allOf {
            guard let partModel = models[part.value], case .object = partModel.kind else { continue }
            result += composedFields(of: partModel, models: models, visiting: visiting)
        }
        return result + model.fields.map { ($0, model.name.value) }
    }
}

extension TypeCatalog {
    /// What keeps `value` from decoding as the union `union`: no variant it could be decodes it.
    func exampleProblem(_ value: YAMLValue, union: UnionSpec, named name: String, at path: String) -> String? {
        if let discriminator = union.discriminator {
            guard case .object(_, let values) = value, case .string(let kind)? = values[discriminator.value] else {
                return "\(path.isEmpty ? "the value" : "'\(path)'") has no string '\(discriminator)', which tells what '\(name)' it is"
            }
            guard let variant = union.variants.first(where: { $0.value?.value == kind }) else { return nil }
            return exampleProblem(value, as: variant.type, at: path)
        }
        var problems: [String] = []
        for variant in union.variants {
            guard let problem = exampleProblem(value, as: variant.type, at: path) else { return nil }
            problems.append(problem)
        }
        guard let first = problems.first, let type = union.variants.first?.type else { return nil }
        let types = union.variants.map { "'\($0.type)'" }.joined(separator: ", ")
        return "\(path.isEmpty ? "the value" : "'\(path)'") decodes as none of \(types) of '\(name)' (as '\(type)': \(first))"
    }
}
