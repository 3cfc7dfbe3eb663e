/// A type as a spec writes it: `Int`, `String?`, `[User]`, `[String: Int]`.
public indirect enum TypeReference: Hashable, Sendable, CustomStringConvertible {
    /// A built-in type or a model of the spec.
    case named(String)
    case optional(TypeReference)
    case array(TypeReference)
    /// A JSON object with string keys.
    case dictionary(TypeReference)

    /// The built-in types a spec may name wherever a type stands, with the Swift type each becomes.
    public static let builtins: [String: String] = Dictionary(uniqueKeysWithValues: BuiltIn.general.map { ($0.rawValue, $0.swiftType) })

    /// Parses the spec's spelling; `nil` when it isn't one.
    public init?(parsing text: String) {
        var parser = Parser(text: Substring(text))
        guard let type = parser.parseType(), parser.isAtEnd else { return nil }
        self = type
    }

    public var description: String {
        switch self {
        case .named(let name): name
        case .optional(let wrapped): "\(wrapped)?"
        case .array(let element): "[\(element)]"
        case .dictionary(let value): "[String: \(value)]"
        }
    }

    /// Every named type this one mentions, outermost first.
    public var namedTypes: [String] {
        switch self {
        case .named(let name): [name]
        case .optional(let inner), .array(let inner), .dictionary(let inner): inner.namedTypes
        }
    }

    public var isOptional: Bool {
        if case .optional = self { true } else { false }
    }

    private struct Parser {
        var text: Substring

        var isAtEnd: Bool { text.allSatisfy(\.isWhitespace) }

        mutating func parseType() -> TypeReference? {
            skipSpaces()
            var type: TypeReference
            if text.first == "[" {
                text.removeFirst()
                guard let first = parseType() else { return nil }
                skipSpaces()
                if text.first == ":" {
                    text.removeFirst()
                    guard first == .builtIn(.string), let value = parseType() else { return nil }
                    type = .dictionary(value)
                } else {
                    type = .array(first)
                }
                skipSpaces()
                guard text.first == "]" else { return nil }
                text.removeFirst()
            } else {
                let name = text.prefix { $0.isLetter || $0.isNumber || $0 == "_" }
                guard let first = name.first, first.isLetter || first == "_" else { return nil }
                text.removeFirst(name.count)
                type = .named(String(name))
            }
            skipSpaces()
            if text.first == "?" {
                text.removeFirst()
                type = .optional(type)
            }
            return type
        }

        mutating func skipSpaces() {
            text = text.drop { $0 == " " }
        }
    }
}
