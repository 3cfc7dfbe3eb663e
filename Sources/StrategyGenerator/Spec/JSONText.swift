import Foundation

/// Spec values written as JSON text (not Swift: ``SwiftName`` makes that a Swift literal), keys
/// in the order the spec wrote them.
enum JSONText {
    static func pretty(_ value: YAMLValue, indent: String = "") -> String {
        let inner = indent + "  "
        switch value {
        case .null: return "null"
        case .bool(let flag): return flag ? "true" : "false"
        case .int(let number): return String(number)
        case .double(let number): return number.isFinite ? String(number) : "null"
        case .string(let text): return string(text)
        case .array(let items):
            guard !items.isEmpty else { return "[]" }
            return "[\n" + items.map { inner + pretty($0, indent: inner) }.joined(separator: ",\n") + "\n\(indent)]"
        case .object(let keys, let values):
            guard !keys.isEmpty else { return "{}" }
            return "{\n" + keys.map { "\(inner)\(string($0)): \(pretty(values[$0] ?? .null, indent: inner))" }.joined(separator: ",\n") + "\n\(indent)}"
        }
    }

    /// A JSON string of `text`.
    static func string(_ text: String) -> String {
        var result = "\""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\"": result += "\\\""
            case "\\": result += "\\\\"
            case "\n": result += "\\n"
            case "\r": result += "\\r"
            case "\t": result += "\\t"
            case _ where scalar.value < 0x20: result += String(format: "\\u%04x", scalar.value)
            default: result.unicodeScalars.append(scalar)
            }
        }
        return result + "\""
    }
}
