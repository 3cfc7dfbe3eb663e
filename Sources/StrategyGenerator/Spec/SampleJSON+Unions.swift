/// A union's sample is a value of one member only: a member told apart from another by what it
/// requires (`oneOf: [{required: [category]}, {required: [categorySlug]}]`) or by what its nested
/// values require is given a sample that leaves out the optional properties that would make it
/// a value of the other member too, as a server that checks `oneOf` refuses a value of both.
extension SampleJSON {
    /// `value`, a sample of the union's member at `offset`, without those of its optional
    /// properties, in order, that make it a value of other members too; as it is when it is a
    /// value of that member alone, or when leaving properties out doesn't make it so.
    func distinguished(_ value: YAMLValue, as offset: Int, in union: UnionSpec) -> YAMLValue {
        var matched = members(of: union, matching: value)
        guard canTellApart(union), matched.count > 1, matched.contains(offset), case .object(var keys, var values) = value,
              case .named(let name) = union.variants[offset].type.unwrapped, let model = models[name] else {
            return value
        }
        let optional = Set(model.fields.filter { $0.type.isOptional || $0.defaultValue != nil }.map(\.name.value))
        for key in keys where optional.contains(key) {
            let fewerKeys = keys.filter { $0 != key }
            var fewerValues = values
            fewerValues[key] = nil
            let fewer = members(of: union, matching: .object(fewerKeys, fewerValues))
            guard fewer.contains(offset), fewer.count < matched.count else { continue }
            (keys, values, matched) = (fewerKeys, fewerValues, fewer)
            if matched.count == 1 { break }
        }
        return .object(keys, values)
    }

    /// Whether a sample may be a value of one member alone: not when a member takes any object
    /// (it requires nothing), as an error body that is one of several schemas may.
    func canTellApart(_ union: UnionSpec) -> Bool {
        union.discriminator == nil && union.variants.count > 1 && members(of: union, matching: .object([], [:])).isEmpty
    }

    /// The offsets of the union's members `value` is a value of.
    func members(of union: UnionSpec, matching value: YAMLValue) -> [Int] {
        union.variants.indices.filter { matches(value, union.variants[$0].type) }
    }

    /// Whether `value` is a value of `type` as JSON Schema sees it: the types of what it holds,
    /// every required property there, an enumeration's listed values; other keys are allowed.
    func matches(_ value: YAMLValue, _ type: TypeReference, dateFormat: DateFormatSpec? = nil, depth: Int = 0) -> Bool {
        guard depth < 32 else { return true }
        switch type {
        case .optional(let wrapped):
            return value == .null || matches(value, wrapped, dateFormat: dateFormat, depth: depth + 1)
        case .array(let element):
            guard case .array(let items) = value else { return false }
            return items.allSatisfy { matches($0, element, dateFormat: dateFormat, depth: depth + 1) }
        case .dictionary(let element):
            guard case .object(_, let values) = value else { return false }
            return values.values.allSatisfy { matches($0, element, dateFormat: dateFormat, depth: depth + 1) }
        case .builtIn(let type):
            return SampleValues.fits(value, type, dateFormat: dateFormat ?? defaultDateFormat)
        case .named(let name):
            guard let model = models[name] else { return false }
            switch model.kind {
            case .enumeration(let enumeration):
                return enumeration.listedCase(value) != nil
            case .union(let union):
                return union.variants.contains { matches(value, $0.type, depth: depth + 1) }
            case .object(let fields):
                guard case .object(_, let values) = value else { return false }
                for field in fields {
                    if let present = values[field.name.value] {
                        guard matches(present, field.type, dateFormat: field.dateFormat, depth: depth + 1) else { return false }
                    } else if !field.type.isOptional && field.defaultValue == nil {
                        return false
                    }
                }
                return true
            }
        }
    }
}

private extension TypeReference {
    var unwrapped: TypeReference {
        if case .optional(let wrapped) = self { wrapped.unwrapped } else { self }
    }
}
