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

extension TypeTable {
    /// Whether a query item or a form field of `type` is sent in the deep-object style through
    /// the runtime's encoder (`address[line1]=…`): an object model, a map of more than single
    /// values, or a list of them, optional or not.
    func needsDeepObjectEncoder(_ type: TypeReference) -> Bool {
        switch type.unwrappingOptional {
        case .dictionary(let value): !isQueryValue(value)
        default: isDeepObject(type)
        }
    }

    private func isDeepObject(_ type: TypeReference) -> Bool {
        switch type {
        case .optional(let wrapped): isDeepObject(wrapped)
        case .array(let element): !element.isOptional && isDeepObject(element)
        case .dictionary(let value): isQueryValue(value) || isDeepObject(value)
        case .named(let name):
            switch self[name] {
            case .model(let model):
                switch model.kind {
                case .object: true
                // `created=5` or `created[gte]=5`.
                case .union(let union): union.variants.allSatisfy { isQueryValue($0.type) && !$0.type.isOptional || isDeepObject($0.type) }
                case .enumeration: false
                }
            // Any JSON value: a string as itself, an object or a list item by item.
            case .builtin: type.builtIn == .json
            }
        }
    }

    /// What a parameter can write in a style (`a,b`, `x=1,y=2`): a list of single values, or an
    /// object or a map whose values are single values, optional or not.
    func isStyledValue(_ type: TypeReference) -> Bool {
        func single(_ type: TypeReference) -> Bool {
            guard case .named(let name) = type.unwrappingOptional else { return false }
            return type.unwrappingOptional.builtIn.map { $0.isScalar || $0 == .date } ?? (enumeration(name) != nil)
        }
        switch type.unwrappingOptional {
        case .array(let element): return !element.isOptional && single(element)
        case .dictionary(let value): return single(value)
        case .named(let name):
            guard case .model(let model) = self[name], case .object(let fields) = model.kind else { return false }
            return fields.allSatisfy { single($0.type) }
        case .optional: return false
        }
    }

    /// What a query item holds as text: scalars, enums and dates, optional or in an array.
    private func isQueryValue(_ type: TypeReference) -> Bool {
        switch type {
        case .optional(let wrapped): isQueryValue(wrapped)
        case .array(let element): isQueryValue(element) && !element.isOptional
        case .named(let name): type.builtIn.map { $0.isScalar || $0 == .date } ?? (enumeration(name) != nil)
        case .dictionary: false
        }
    }
}
