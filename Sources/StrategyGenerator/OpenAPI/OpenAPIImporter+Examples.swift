import Foundation

/// Examples and constraints of properties and parameters, carried into the spec for the samples
/// the generator writes and the stubs it builds.
extension OpenAPIImporter {
    /// The example a schema gives: its `example`, the first of its `examples` (3.1's list), or
    /// that of an `allOf` part that only annotates it.
    func schemaExample(_ schema: YAMLNode) -> YAMLValue? {
        let schema = lookUp(schema).node ?? schema
        if let example = schema["example"] { return example.value }
        if let first = schema["examples"]?.items.first { return first.value }
        for part in schema["allOf"]?.items ?? [] where part.reference == nil {
            if let example = part["example"] { return example.value }
        }
        return nil
    }

    /// The example a parameter gives: its own `example`, its first `examples` entry's `value`, or
    /// its schema's.
    func parameterExample(_ parameter: YAMLNode, schema: YAMLNode) -> YAMLValue? {
        if let example = parameter["example"] { return example.value }
        for (_, entry) in parameter["examples"]?.members ?? [] {
            if let value = (lookUp(entry).node ?? entry)["value"] { return value.value }
        }
        return schemaExample(schema)
    }

    /// A value that a schema's format and bounds allow where a value built from its type alone
    /// might not (an email address, a number at least its minimum, a string of its least
    /// length); `nil` when its type says enough.
    func sampleHint(_ schema: YAMLNode) -> YAMLValue? {
        let schema = lookUp(schema).node ?? schema
        if let constant = schema["const"] { return constant.value }
        // A listed value, where the schema lists them (an `enum` in an `allOf` part narrowing text).
        if let listed = schema["enum"]?.items.first(where: { $0.value != .null }) { return listed.value }
        switch schemaType(schema) {
        case "string":
            return stringHint(schema)
        case "integer", "number":
            return numberHint(schema, isInteger: schemaType(schema) == "integer")
        case "array":
            // As many items as it needs, each as its items' constraints or example allow.
            guard let items = schema["items"] else { return nil }
            let count = max(1, Int(schema["minItems"]?.scalar ?? "") ?? 1)
            let resolved = lookUp(items).node ?? items
            let built: YAMLValue? = count > 1 ? ["string": .string("string"), "integer": .int(1), "number": .double(1.5), "boolean": .bool(true)][schemaType(resolved) ?? ""] : nil
            guard let item = sampleHint(items) ?? schemaExample(items) ?? built else { return nil }
            let repeated = Array(repeating: item, count: min(count, 16))
            // Items that must differ (`uniqueItems`) each get a value of their own.
            guard schema["uniqueItems"]?.bool == true, repeated.count > 1 else { return .array(repeated) }
            let distinct = repeated.indices.compactMap { Self.variant(of: item, index: $0, schema: resolved) }
            return distinct.count == repeated.count ? .array(distinct) : nil
        case "null":
            return .null
        default:
            // Any JSON value of the types listed (`type: [string, number]`): one of the first.
            let listed = schema["type"]?.items.compactMap(\.scalar) ?? []
            return listed.lazy.compactMap { Self.valueOfType[$0] }.first
        }
    }

    /// A value like `value` that differs from it for each `index` (0 gives `value`): a number
    /// counted up, text with the index after it. `nil` where the schema leaves no room for
    /// another value (an `enum` too short, a `pattern` or a format text must keep).
    private static func variant(of value: YAMLValue, index: Int, schema: YAMLNode) -> YAMLValue? {
        if index == 0 { return value }
        if let listed = schema["enum"]?.items.map(\.value).filter({ $0 != .null }) {
            return index < listed.count ? listed[index] : nil
        }
        switch value {
        case .int(let number): return .int(number + index)
        case .double(let number): return .double(number + Double(index))
        case .string(let text):
            guard schema["pattern"] == nil, schema["format"] == nil else { return nil }
            if let maximum = Int(schema["maxLength"]?.scalar ?? ""), text.count + String(index).count > maximum { return nil }
            return .string(text + String(index))
        default: return nil
        }
    }

    /// A value of each plain JSON type.
    private static let valueOfType: [String: YAMLValue] = ["string": .string("string"), "integer": .int(1), "number": .double(1.5), "boolean": .bool(true), "null": .null]

    private func stringHint(_ schema: YAMLNode) -> YAMLValue? {
        let formatted: String? = switch schema["format"]?.scalar {
        case "email", "idn-email": "user@example.com"
        case "uri", "url", "iri", "uri-reference", "iri-reference": "https://example.com"
        case "hostname", "idn-hostname": "example.com"
        case "ipv4": "192.0.2.1"
        case "ipv6": "2001:db8::1"
        case "byte": "c2FtcGxl"
        case "time": "12:00:00Z"
        case "duration": "PT1M"
        default: nil
        }
        let minimum = Int(schema["minLength"]?.scalar ?? "")
        let maximum = Int(schema["maxLength"]?.scalar ?? "")
        let patterned = formatted == nil ? schema["pattern"]?.scalar.flatMap(PatternSample.string(matching:)) : nil
        guard formatted != nil || patterned != nil || minimum != nil || maximum != nil else { return nil }
        if let patterned, patterned.count >= minimum ?? 0, patterned.count <= maximum ?? .max { return .string(patterned) }
        var text = formatted ?? "string"
        if let minimum, text.count < minimum { text += String(repeating: "s", count: min(minimum, 4096) - text.count) }
        if let maximum, maximum >= 0, text.count > maximum { text = String(text.prefix(maximum)) }
        return .string(text)
    }

    private func numberHint(_ schema: YAMLNode, isInteger: Bool) -> YAMLValue? {
        func bound(_ key: String) -> Double? { schema[key]?.scalar.flatMap(Double.init) }
        // 3.0 says an exclusive bound with a Bool beside `minimum`; 3.1 gives the bound itself.
        let exclusiveMinimum = schema["exclusiveMinimum"]?.bool == true ? bound("minimum") : bound("exclusiveMinimum")
        let exclusiveMaximum = schema["exclusiveMaximum"]?.bool == true ? bound("maximum") : bound("exclusiveMaximum")
        let minimum = schema["exclusiveMinimum"]?.bool == true ? nil : bound("minimum")
        let maximum = schema["exclusiveMaximum"]?.bool == true ? nil : bound("maximum")
        let multiple = bound("multipleOf").flatMap { $0 > 0 ? $0 : nil }
        guard minimum != nil || maximum != nil || exclusiveMinimum != nil || exclusiveMaximum != nil || multiple != nil else { return nil }
        let step = isInteger ? 1 : 0.5
        var value = 1.0
        if let minimum { value = max(value, minimum) }
        if let exclusiveMinimum { value = max(value, exclusiveMinimum + step) }
        if let maximum { value = min(value, maximum) }
        if let exclusiveMaximum { value = min(value, exclusiveMaximum - step) }
        if let multiple { value = (value / multiple).rounded(.up) * multiple }
        if isInteger || value == value.rounded(), abs(value) < 1e15 { return .int(Int(value.rounded(.up))) }
        return .double(value)
    }
}

/// A string that a regular expression (a schema's `pattern`) matches, for the common forms:
/// literals, classes, `\d`, `\w`, `.`, groups whose first alternative is taken, and quantifiers,
/// each repeated as few times as it allows (once for `*`). `nil` when the pattern uses more, or
/// when the string built doesn't match after all.
enum PatternSample {
    static func string(matching pattern: String) -> String? {
        var characters = Array(pattern.unicodeScalars.map(Character.init))
        if characters.first == "/", let end = characters.lastIndex(of: "/"), end > 0 {
            characters = Array(characters[1..<end])
        }
        var index = 0
        guard let text = sequence(&index, characters), index == characters.count else { return nil }
        guard let expression = try? NSRegularExpression(pattern: String(characters)),
              expression.firstMatch(in: text, range: NSRange(text.startIndex..., in: text)) != nil else { return nil }
        return text
    }

    /// The alternatives of a sequence up to `)` or the end: the first one's string.
    private static func sequence(_ index: inout Int, _ pattern: [Character]) -> String? {
        var result = "", first: String?
        while index < pattern.count, pattern[index] != ")" {
            if pattern[index] == "|" {
                first = first ?? result
                result = ""
                index += 1
                continue
            }
            guard let atom = atom(&index, pattern) else { return nil }
            guard let count = repetitions(&index, pattern) else { return nil }
            result += String(repeating: atom, count: count)
        }
        return first ?? result
    }

    private static func atom(_ index: inout Int, _ pattern: [Character]) -> String? {
        let character = pattern[index]
        index += 1
        switch character {
        case "^", "$": return ""
        case ".": return "a"
        case "(":
            if index + 1 < pattern.count, pattern[index] == "?", pattern[index + 1] == ":" { index += 2 }
            guard let inner = sequence(&index, pattern), index < pattern.count, pattern[index] == ")" else { return nil }
            index += 1
            return inner
        case "[":
            guard index < pattern.count, pattern[index] != "^" else { return nil }
            var first: Character?
            while index < pattern.count, pattern[index] != "]" {
                if pattern[index] == "\\" {
                    guard index + 1 < pattern.count else { return nil }
                    first = first ?? escaped(pattern[index + 1])?.first
                    index += 2
                } else {
                    first = first ?? pattern[index]
                    index += 1
                }
            }
            guard index < pattern.count, let first else { return nil }
            index += 1
            return String(first)
        case "\\":
            guard index < pattern.count else { return nil }
            index += 1
            return escaped(pattern[index - 1])
        case "*", "+", "?", "{", "}", "]", "|", ")":
            return nil
        default:
            return String(character)
        }
    }

    private static func escaped(_ character: Character) -> String? {
        switch character {
        case "d": "1"
        case "w": "a"
        case "s": " "
        case "D", "W", "S", "b", "B": nil
        default: character.isLetter || character.isNumber ? nil : String(character)
        }
    }

    /// How many times the atom before a quantifier is written: the least it allows, once for `*`.
    private static func repetitions(_ index: inout Int, _ pattern: [Character]) -> Int? {
        guard index < pattern.count else { return 1 }
        var count = 1
        switch pattern[index] {
        case "*", "+": index += 1
        case "?": index += 1
        case "{":
            guard let close = pattern[index...].firstIndex(of: "}") else { return nil }
            let bounds = String(pattern[(index + 1)..<close]).split(separator: ",", omittingEmptySubsequences: false)
            guard let least = bounds.first.flatMap({ Int($0) }), least <= 256 else { return nil }
            count = max(least, bounds.count > 1 ? 1 : least)
            if least == 0 { count = bounds.count > 1 ? 1 : 0 }
            index = close + 1
        default: return 1
        }
        // Lazy and possessive forms.
        if index < pattern.count, pattern[index] == "?" || pattern[index] == "+" { index += 1 }
        return count
    }
}
