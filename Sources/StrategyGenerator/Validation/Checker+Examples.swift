/// A strategy's example must decode as its output, or its stub would fail only when a test or
/// preview runs it.
extension Checker {
    mutating func examples() {
        for strategy in spec.strategies {
            guard let location = strategy.exampleLocation, let problem = strategy.exampleProblem(types) else { continue }
            fault("the example of strategy '\(strategy.name)' \(problem)", at: location, about: .example(strategy: strategy.name.value))
        }
    }
}

extension StrategySpec {
    /// What keeps the strategy's example from decoding as its output, as a sentence's end;
    /// `nil` when it decodes or there is none.
    func exampleProblem(_ types: TypeCatalog) -> String? {
        // A string example is the body as written, so there is no value to check.
        guard var value = example else { return nil }
        if case .string = value { return nil }
        if let unwrap {
            guard let inner = value.value(at: unwrap.value) else {
                return "has nothing at '\(unwrap)', where 'unwrap' finds the output"
            }
            value = inner
        }
        let path = unwrap?.value ?? ""
        let problem: String? = switch returns {
        case .type(.builtIn(.data), _): nil
        case .type(let type, _): types.exampleProblem(value, as: type, at: path)
        case .fields(let fields): types.exampleProblem(value, fields: fields, at: path)
        case nil: nil
        }
        return problem.map { "doesn't decode as its output: \($0)" }
    }
}

extension YAMLValue {
    /// The value at a dotted key path, such as `response.items`.
    func value(at path: String) -> YAMLValue? {
        var value = self
        for key in path.split(separator: ".") {
            guard case .object(_, let values) = value, let inner = values[String(key)] else { return nil }
            value = inner
        }
        return value
    }

    var kindName: String {
        switch self {
        case .null: "null"
        case .bool: "a Bool"
        case .int: "an integer"
        case .double: "a number"
        case .string: "a string"
        case .array: "a list"
        case .object: "an object"
        }
    }
}

extension TypeCatalog {
    /// What keeps `value` from decoding as `type`, saying where; `nil` when it decodes. Values
    /// an enum doesn't list decode (as its `unknown` case), and keys no field names are ignored
    /// unless the model keeps them, as values of its other keys' type.
    func exampleProblem(_ value: YAMLValue, as type: TypeReference, at path: String) -> String? {
        switch (type, value) {
        case (.optional, .null):
            return nil
        case (.optional(let wrapped), _):
            return exampleProblem(value, as: wrapped, at: path)
        case (.array(let element), .array(let items)):
            return items.indices.lazy.compactMap { exampleProblem(items[$0], as: element, at: "\(path)[\($0)]") }.first
        case (.dictionary(let element), .object(let keys, let values)):
            return keys.lazy.compactMap { key in values[key].flatMap { self.exampleProblem($0, as: element, at: self.join(path, key)) } }.first
        case (.builtIn(let builtIn), _):
            return accepts(example: value, as: builtIn) ? nil : mismatch(value, expected: "'\(type)'", at: path)
        case (.named(let name), _):
            if let fields = objectFields[name] {
                guard let others = additionalValues[name], case .object(let keys, let values) = value else { return exampleProblem(value, fields: fields, at: path) }
                // The keys no field names are the other keys, with values of their type.
                let declared = Set(fields.map(\.name.value))
                let rest = keys.filter { !declared.contains($0) }
                return exampleProblem(value, fields: fields, at: path)
                    ?? exampleProblem(.object(rest, values.filter { !declared.contains($0.key) }), as: .dictionary(others), at: path)
            }
            if let union = unions[name] {
                return exampleProblem(value, union: union, named: name, at: path)
            }
            if let enumeration = enums[name], !accepts(example: value, of: enumeration) {
                return mismatch(value, expected: "'\(type)'", at: path)
            }
            return nil
        default:
            return mismatch(value, expected: "'\(type)'", at: path)
        }
    }

    /// What keeps `value` from decoding as an object of `fields`.
    func exampleProblem(_ value: YAMLValue, fields: [FieldSpec], at path: String) -> String? {
        guard case .object(_, let values) = value else { return mismatch(value, expected: "an object", at: path) }
        for field in fields {
            let fieldPath = join(path, field.name.value)
            guard let fieldValue = values[field.name.value] else {
                if field.type.isOptional || field.defaultValue != nil { continue }
                return "'\(fieldPath)' is missing"
            }
            if field.nullable, fieldValue == .null { continue }
            if let problem = exampleProblem(fieldValue, as: field.type, at: fieldPath) { return problem }
        }
        return nil
    }

    private func accepts(example value: YAMLValue, of enumeration: EnumSpec) -> Bool {
        switch value {
        case .string: !enumeration.isInteger
        case .int: enumeration.isInteger
        default: false
        }
    }

    private func accepts(example value: YAMLValue, as type: BuiltIn) -> Bool {
        switch (type, value) {
        case (.date, .string), (.date, .int), (.date, .double): true
        case (.url, .string), (.uuid, .string): true
        case (.file, _), (.data, _): true  // a file or the body as it came isn't decoded
        default: accepts(value, as: .builtIn(type))
        }
    }

    private func mismatch(_ value: YAMLValue, expected: String, at path: String) -> String {
        "\(path.isEmpty ? "the value" : "'\(path)'") is \(value.kindName), not \(expected)"
    }

    private func join(_ path: String, _ key: String) -> String {
        path.isEmpty ? key : "\(path).\(key)"
    }
}
