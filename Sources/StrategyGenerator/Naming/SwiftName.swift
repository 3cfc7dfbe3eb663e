/// Turns spec names into Swift identifiers and text into Swift literals: the one place that escapes.
public enum SwiftName {
    /// Words Swift reserves; an identifier spelt like one is written in backticks.
    static let keywords: Set<String> = [
        "associatedtype", "class", "deinit", "enum", "extension", "fileprivate", "func", "import", "init",
        "inout", "internal", "let", "open", "operator", "private", "precedencegroup", "protocol", "public",
        "rethrows", "static", "struct", "subscript", "typealias", "var", "break", "case", "catch", "continue",
        "default", "defer", "do", "else", "fallthrough", "for", "guard", "if", "in", "repeat", "return",
        "throw", "switch", "where", "while", "Any", "as", "await", "false", "is", "nil", "self", "Self",
        "super", "throws", "true", "try", "Type", "Protocol",
    ]

    /// Names that even in backticks mean something else after a dot (`x.self`, `T.Type`).
    static let unusableMembers: Set<String> = ["self", "Self", "Type", "Protocol", "init", "deinit", "subscript"]

    /// `user_id` → `userId`, `X-Request-ID` → `xRequestID`, `2fa` → `_2fa`, `self` → `_self`.
    public static func member(_ wireName: String) -> String {
        let words = splitWords(wireName)
        guard let first = words.first else { return "_" }
        let head = first.allSatisfy(\.isUppercase) ? first.lowercased() : lowercasingFirst(first)
        let name = startingValidly(head + words.dropFirst().map(uppercasingFirst).joined())
        return unusableMembers.contains(name) ? "_" + name : name
    }

    /// `user_profile` → `UserProfile`.
    public static func type(_ wireName: String) -> String {
        let joined = splitWords(wireName).map(uppercasingFirst).joined()
        return startingValidly(joined.isEmpty ? "_" : joined)
    }

    /// `identifier`, in backticks when Swift reserves it.
    public static func escaped(_ identifier: String) -> String {
        keywords.contains(identifier) ? "`\(identifier)`" : identifier
    }

    /// `identifier` as the label of an argument in a call: as it is, since a keyword needs no
    /// backticks there (Swift warns about them), but for `inout`.
    public static func argumentLabel(_ identifier: String) -> String {
        identifier == "inout" ? "`inout`" : identifier
    }

    /// A Swift string literal that reads back as `text`.
    public static func stringLiteral(_ text: String) -> String {
        "\"" + stringLiteralContents(text) + "\""
    }

    /// A `"""` literal of `text`, escaped so it reads back exactly; the renderer indents it.
    /// Any text survives: a third `"` in a row is escaped, so no run of quotes closes the
    /// literal; a carriage return, a control character or an invisible one is an escape, so no
    /// line of the literal holds one.
    public static func multilineStringLiteral(_ text: String) -> String {
        var escaped = "", quotes = 0
        for scalar in text.unicodeScalars {
            quotes = scalar == "\"" ? quotes + 1 : 0
            switch scalar {
            case "\\": escaped += "\\\\"
            case "\"" where quotes == 3:
                escaped += "\\\""
                quotes = 0
            case "\n", "\t": escaped.unicodeScalars.append(scalar)
            case "\r": escaped += "\\r"
            case _ where scalar.value < 0x20 || scalar.value == 0x7F || isInvisible(scalar):
                escaped += "\\u{\(String(scalar.value, radix: 16))}"
            default: escaped.unicodeScalars.append(scalar)
            }
        }
        return "\"\"\"\n\(escaped)\n\"\"\""
    }

    /// `text` escaped to stand between the quotes of a Swift string literal, beside
    /// interpolations of its own.
    public static func stringLiteralContents(_ text: String) -> String {
        var result = ""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\\": result += "\\\\"
            case "\"": result += "\\\""
            case "\n": result += "\\n"
            case "\r": result += "\\r"
            case "\t": result += "\\t"
            case _ where scalar.value < 0x20 || scalar.value == 0x7F || isInvisible(scalar):
                result += "\\u{\(String(scalar.value, radix: 16))}"
            default: result.unicodeScalars.append(scalar)
            }
        }
        return result
    }

    /// C1 controls, format characters (such as U+FEFF and bidirectional overrides) and line and
    /// paragraph separators: written as escapes so a literal shows them and keeps them exactly.
    private static func isInvisible(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.properties.generalCategory {
        case .control, .format, .lineSeparator, .paragraphSeparator: true
        default: false
        }
    }

    private static func splitWords(_ text: String) -> [String] {
        text.split { !($0.isLetter || $0.isNumber) }.map(String.init)
    }

    private static func uppercasingFirst(_ word: String) -> String {
        word.prefix(1).uppercased() + word.dropFirst()
    }

    private static func lowercasingFirst(_ word: String) -> String {
        word.prefix(1).lowercased() + word.dropFirst()
    }

    private static func startingValidly(_ name: String) -> String {
        name.first?.isNumber == true ? "_" + name : name
    }
}
