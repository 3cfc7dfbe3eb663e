/// How a value of each type is written where a request has only text: a query, a form, a path,
/// a header or a cookie. Validation asks it of a spec's names before the code model exists, and
/// the code model asks it again to write what validation allowed, so both read one set of rules.
protocol ParameterShapes {
    /// Whether `name` names an enum model.
    func isEnum(_ name: String) -> Bool

    /// The fields of the object model `name`; `nil` when it names another kind of type.
    func fields(ofObject name: String) -> [FieldSpec]?

    /// The union model `name`; `nil` when it names another kind of type.
    func union(named name: String) -> UnionSpec?
}

extension ParameterShapes {
    /// A single value a path segment or header can hold: a scalar or an enum.
    func isScalar(_ type: TypeReference) -> Bool {
        switch type {
        case .builtIn(let type): type.isScalar
        case .named(let name): isEnum(name)
        case .optional, .array, .dictionary: false
        }
    }

    /// What a query item or a form field holds as text: scalars, enums and dates, optional or in
    /// an array.
    func isQueryValue(_ type: TypeReference) -> Bool {
        switch type {
        case .optional(let wrapped): isQueryValue(wrapped)
        case .array(let element): isQueryValue(element) && !element.isOptional
        case .builtIn, .named: isScalar(type) || type == .builtIn(.date)
        case .dictionary: false
        }
    }

    /// What a query item or a form field sends in the deep-object style (`address[line1]=…`,
    /// OpenAPI's `style: deepObject`): an object model, a map, or a list of them, optional or not.
    func isDeepObject(_ type: TypeReference) -> Bool {
        switch type {
        case .optional(let wrapped): isDeepObject(wrapped)
        case .array(let element): !element.isOptional && isDeepObject(element)
        case .dictionary(let value): isQueryValue(value) || isDeepObject(value)
        // Any JSON value: a string as itself, an object or a list item by item.
        case .builtIn(let type): type == .json
        case .named(let name): fields(ofObject: name) != nil || union(named: name).map(isDeepUnion) == true
        }
    }

    /// Whether a deep object needs the runtime's encoder, or writes itself as a map of single values.
    func needsDeepObjectEncoder(_ type: TypeReference) -> Bool {
        switch type.unwrappingOptional {
        case .dictionary(let value): !isQueryValue(value)
        default: isDeepObject(type)
        }
    }

    /// What a parameter can write in a style (`a,b`, `x=1,y=2`): a list of single values, or an
    /// object or a map whose values are single values, optional or not.
    func isStyledValue(_ type: TypeReference) -> Bool {
        func single(_ type: TypeReference) -> Bool { isScalar(type) || type == .builtIn(.date) }
        switch type.unwrappingOptional {
        case .array(let element): return single(element)
        case .dictionary(let value): return single(value)
        case .named(let name): return fields(ofObject: name).map { $0.allSatisfy { single($0.type.unwrappingOptional) } } ?? false
        case .builtIn, .optional: return false
        }
    }

    /// A union each of whose members is a single value or a deep object: `created=5` or
    /// `created[gte]=5`.
    private func isDeepUnion(_ union: UnionSpec) -> Bool {
        union.variants.allSatisfy { isQueryValue($0.type) && !$0.type.isOptional || isDeepObject($0.type) }
    }
}
