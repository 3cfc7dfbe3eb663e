/// The model each model name of a valid spec names: a model of the spec or of a spec it uses.
///
/// Total for the spec: resolution checks that each model name the spec writes is here.
struct TypeTable: Sendable {
    private let models: [String: ModelSpec]

    init(models: [ModelSpec]) {
        self.models = Dictionary(models.map { ($0.name.value, $0) }, uniquingKeysWith: { first, _ in first })
    }

    /// The names of the models.
    var modelNames: Dictionary<String, ModelSpec>.Keys { models.keys }

    /// Whether `name` names a model.
    func contains(_ name: String) -> Bool {
        models[name] != nil
    }

    /// The model `name`, a model name of the spec, names.
    subscript(name: String) -> ModelSpec {
        guard let model = models[name] else { preconditionFailure("type '\(name)' is not in the resolved spec") }
        return model
    }

    /// The enum model `name` names; `nil` when it names another kind of model.
    func enumeration(_ name: String) -> EnumSpec? {
        guard case .enumeration(let enumeration) = self[name].kind else { return nil }
        return enumeration
    }
}

extension TypeTable: ParameterShapes {
    func isEnum(_ name: String) -> Bool {
        guard let model = models[name], case .enumeration = model.kind else { return false }
        return true
    }

    func fields(ofObject name: String) -> [FieldSpec]? {
        guard let model = models[name], case .object(let fields) = model.kind else { return nil }
        return fields
    }

    func union(named name: String) -> UnionSpec? {
        guard let model = models[name], case .union(let union) = model.kind else { return nil }
        return union
    }
}
