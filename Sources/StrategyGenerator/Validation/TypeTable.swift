/// What each type name of a valid spec names: a built-in type, or a model of the spec or of a
/// spec it uses.
///
/// Total for the names of the spec: resolution checks that each one the spec writes is here.
struct TypeTable: Sendable {
    /// What a type name names.
    enum Entry: Sendable {
        /// `Int`, `String`, `Date`, `JSON`, …, and `File` and `Data` where they may stand.
        case builtin
        case model(ModelSpec)
    }

    private let models: [String: ModelSpec]

    init(models: [ModelSpec]) {
        self.models = Dictionary(models.map { ($0.name.value, $0) }, uniquingKeysWith: { first, _ in first })
    }

    /// The names of the models.
    var modelNames: Dictionary<String, ModelSpec>.Keys { models.keys }

    /// Whether `name` names a type.
    func contains(_ name: String) -> Bool {
        models[name] != nil || BuiltIn(rawValue: name) != nil
    }

    /// What `name`, a type name of the spec, names.
    subscript(name: String) -> Entry {
        if let model = models[name] { return .model(model) }
        guard BuiltIn(rawValue: name) != nil else { preconditionFailure("type '\(name)' is not in the resolved spec") }
        return .builtin
    }

    /// The enum model `name` names; `nil` when it names another kind of type.
    func enumeration(_ name: String) -> EnumSpec? {
        guard case .model(let model) = self[name], case .enumeration(let enumeration) = model.kind else { return nil }
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
