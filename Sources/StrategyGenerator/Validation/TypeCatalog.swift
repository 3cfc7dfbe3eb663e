extension EnumSpec {
    /// The case a value from the spec is, written as text or as a number; `nil` when the enum
    /// doesn't list it.
    func listedCase(_ value: YAMLValue) -> EnumCaseSpec? {
        let text: String
        switch value {
        case .string(let string): text = string
        case .int(let number): text = String(number)
        default: return nil
        }
        return cases.first { $0.value.value == text }
    }
}

/// Every type a spec may name — built-ins, its own models, the models of specs it uses — and
/// what kind each is.
struct TypeCatalog: ParameterShapes {
    private(set) var enums: [String: EnumSpec] = [:]
    private var objects: Set<String> = []
    /// Every union model, by name.
    private(set) var unions: [String: UnionSpec] = [:]
    /// The fields of every object model.
    private(set) var objectFields: [String: [FieldSpec]] = [:]
    /// The type of the other keys' values of every object model that keeps them.
    private(set) var additionalValues: [String: TypeReference] = [:]

    init(_ spec: APISpec) {
        for model in spec.models + spec.uses.flatMap(\.models) {
            switch model.kind {
            case .object(let fields):
                objects.insert(model.name.value)
                objectFields[model.name.value] = fields
                additionalValues[model.name.value] = model.additionalProperties
            case .enumeration(let enumeration): enums[model.name.value] = enumeration
            case .union(let union): unions[model.name.value] = union
            }
        }
    }

    /// The names a spec may write wherever a type stands: its models', then the built-in types'.
    var allNames: [String] {
        objects.sorted() + enums.keys.sorted() + unions.keys.sorted() + BuiltIn.general.map(\.rawValue).sorted()
    }

    /// Whether `name` names a model of the spec or of a spec it uses.
    func isModel(_ name: String) -> Bool {
        objects.contains(name) || enums[name] != nil || unions[name] != nil
    }

    /// Whether `type` holds a type that may stand anywhere: a model, or a built-in type other
    /// than `File` and `Data`.
    func isKnown(_ type: TypeReference) -> Bool {
        switch type {
        case .builtIn(let type): type.isGeneral
        case .named(let name): isModel(name)
        case .optional(let inner), .array(let inner), .dictionary(let inner): isKnown(inner)
        }
    }

    func isEnum(_ name: String) -> Bool {
        enums[name] != nil
    }

    func fields(ofObject name: String) -> [FieldSpec]? {
        objectFields[name]
    }

    func union(named name: String) -> UnionSpec? {
        unions[name]
    }

    /// Whether a YAML value can be a field's default: strings, numbers, Bools and enum values,
    /// alone or in arrays and dictionaries.
    func accepts(_ value: YAMLValue, as type: TypeReference) -> Bool {
        switch (type, value) {
        case (.optional, .null): true
        case (.optional(let wrapped), _): accepts(value, as: wrapped)
        case (.array(let element), .array(let items)): items.allSatisfy { accepts($0, as: element) }
        case (.dictionary(let element), .object(_, let values)): values.values.allSatisfy { accepts($0, as: element) }
        case (.builtIn(let type), _): accepts(value, as: type)
        case (.named(let name), _): enums[name].map { $0.listedCase(value) != nil } ?? false
        default: false
        }
    }

    private func accepts(_ value: YAMLValue, as type: BuiltIn) -> Bool {
        switch (type, value) {
        case (.json, _): true
        case (.string, .string), (.bool, .bool): true
        case (.int, .int), (.int64, .int): true
        case (.int32, .int(let number)): Int32(exactly: number) != nil
        case (.double, .int), (.float, .int): true
        case (.double, .double(let number)): number.isFinite
        case (.float, .double(let number)): Float(number).isFinite
        default: false
        }
    }
}
