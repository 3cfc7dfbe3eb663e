import Foundation

/// Enums: lists of values become open enums when they are text or integers; other values are
/// the type they share (`enum: [true]` is a `Bool`), or any JSON when they share none.
extension OpenAPIImporter {
    /// `oneOf: [{ const: 1, title: GUILD_UPDATE }, …]`, OpenAPI 3.1's way to write an enum whose
    /// values have names: the values and their titles, and whether they are integers; `nil`
    /// unless every member is one named string or integer value.
    func namedConstants(_ schema: YAMLNode) -> (values: YAMLNode, titles: [String?], isInteger: Bool)? {
        guard let members = (schema["oneOf"] ?? schema["anyOf"])?.items, !members.isEmpty else { return nil }
        var values: [YAMLNode] = [], titles: [String?] = []
        var integers = 0
        for member in members {
            let member = lookUp(member).node ?? member
            if isNullSchema(member) { continue }
            // A member lists one value (`const`, or an enum of one) or several (an enum, such as
            // `enum: [""]` beside the others for "unset").
            let listed = member["const"].map { [$0] } ?? member["enum"]?.items ?? []
            guard !listed.isEmpty else { return nil }
            for value in listed where value.value != .null {
                switch value.value {
                case .int: integers += 1
                case .string: break
                default: return nil
                }
                values.append(value)
                titles.append(listed.count == 1 ? member["title"]?.scalar : nil)
            }
        }
        guard let first = values.first, integers == 0 || integers == values.count else { return nil }
        return (YAMLNode(kind: .sequence(values), location: first.location), titles, integers > 0)
    }

    /// The enum `namedConstants` found, its cases named by the titles.
    mutating func namedConstantsEnumeration(_ schema: YAMLNode, pointer: JSONPointer) -> EnumSpec? {
        guard let (values, titles, isInteger) = namedConstants(schema) else { return nil }
        let typeKey = YAMLNode(kind: .scalar("type", quoted: false), location: schema.location)
        let typeValue = YAMLNode(kind: .scalar(isInteger ? "integer" : "string", quoted: false), location: schema.location)
        let typed = YAMLNode(kind: .mapping([(key: typeKey, value: typeValue)]), location: schema.location)
        return enumeration(values, schema: typed, pointer: pointer, titles: titles)
    }

    /// Whether a schema's `enum` is one the spec format can say: text, or integers. A list of
    /// Booleans or of other numbers is the type it lists, one of mixed types any JSON value.
    func isEnumeration(_ schema: YAMLNode) -> Bool {
        guard let values = schema["enum"] else { return false }
        switch valueType(schema) {
        case "string": return values.items.contains { $0.scalar != nil && !isNull($0, in: schema) }
        case "integer": return values.items.contains { Int($0.scalar ?? "") != nil }
        default: return false
        }
    }

    /// The type of a schema's values: its own `type`, or without one the type all the values its
    /// `enum` or `const` lists share (`enum: [1, 2]` lists integers, `enum: [1, 2.5]` numbers);
    /// `nil` when they share none.
    func valueType(_ schema: YAMLNode) -> String? {
        if let type = schemaType(schema) { return type }
        let values = schema["enum"]?.items ?? schema["const"].map { [$0] } ?? []
        var types: Set<String> = []
        for value in values {
            switch value.value {
            case .null: continue
            case .string: types.insert("string")
            case .int: types.insert("integer")
            case .double: types.insert("number")
            case .bool: types.insert("boolean")
            default: return nil
            }
        }
        if types == ["integer", "number"] { return "number" }
        return types.count == 1 ? types.first : nil
    }

    /// Whether a schema's `enum` lists `null` among its values, which makes the value nullable.
    func listsNull(_ schema: YAMLNode) -> Bool {
        schema["enum"]?.items.contains { isNull($0, in: schema) } == true
    }

    /// Whether a value an enum lists is `null`. YAML reads `Null` and `NULL` as null too, but
    /// among text values (`enum: [Off, Tty, Null]`) they are the word.
    func isNull(_ value: YAMLNode, in schema: YAMLNode) -> Bool {
        guard value.value == .null else { return false }
        guard schemaType(schema) == "string", case .scalar(let text, false) = value.kind else { return true }
        return text != "Null" && text != "NULL"
    }

    mutating func enumeration(_ values: YAMLNode, schema: YAMLNode, pointer: JSONPointer, titles: [String?] = []) -> EnumSpec? {
        let isInteger = valueType(schema) == "integer"
        // The names generators give the cases of an enum whose values don't say what they mean.
        let written = (schema["x-enum-varnames"] ?? schema["x-enumNames"] ?? schema["x-enum-names"])?.items.map(\.scalar) ?? titles
        var cases: [EnumCaseSpec] = []
        var names: Set<String> = []
        for (position, item) in values.items.enumerated() {
            guard case .scalar(let text, _) = item.kind else { continue }
            if isNull(item, in: schema) { continue }
            if isInteger, Int(text) == nil { continue }
            guard !cases.contains(where: { $0.value.value == text }) else { continue }
            // `GUILD_UPDATE` reads as `guildUpdate`.
            let title = written.indices.contains(position) ? written[position].flatMap { SwiftIdentifier.member($0.uppercased() == $0 ? $0.lowercased() : $0, fallback: "") } : nil
            var swiftName = title.flatMap { $0.isEmpty ? nil : $0 }
                ?? (text.isEmpty ? "empty" : SwiftIdentifier.member(isInteger ? "value\(text)" : text, fallback: "value"))
            let base = swiftName
            let reserved: Set<String> = ["unknown", "rawValue", "none", "some"]
            var suffix = 2
            while names.contains(swiftName) || reserved.contains(swiftName) {
                swiftName = "\(base)\(suffix == 2 && reserved.contains(base) ? "Value" : String(suffix))"
                suffix += 1
            }
            names.insert(swiftName)
            cases.append(EnumCaseSpec(value: Named(text, at: item.location), swiftName: swiftName))
        }
        guard !cases.isEmpty else {
            warn("an enum without values the spec format can say is left out", at: values.location, pointer)
            return nil
        }
        return EnumSpec(isInteger: isInteger, cases: cases)
    }
}
