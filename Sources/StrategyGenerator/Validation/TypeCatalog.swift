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

    var allNames: [String] {
        objects.sorted() + enums.keys.sorted() + unions.keys.sorted() + TypeReference.builtins.keys.sorted()
    }

    func isKnown(_ name: String) -> Bool {
        TypeReference.builtins[name] != nil || objects.contains(name) || enums[name] != nil || unions[name] != nil
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
        case (.named(let name), _): accepts(value, named: name)
        default: false
        }
    }

    private func accepts(_ value: YAMLValue, named name: String) -> Bool {
        if let enumeration = enums[name] {
            return enumeration.listedCase(value) != nil
        }
        switch (BuiltIn(rawValue: name), value) {
        case (.json?, _): return true
        case (.string?, .string), (.bool?, .bool): return true
        case (.int?, .int), (.int64?, .int): return true
        case (.int32?, .int(let number)): return Int32(exactly: number) != nil
        case (.double?, .int), (.float?, .int): return true
        case (.double?, .double(let number)): return number.isFinite
        case (.float?, .double(let number)): return Float(number).isFinite
        default: return false
        }
    }
}
