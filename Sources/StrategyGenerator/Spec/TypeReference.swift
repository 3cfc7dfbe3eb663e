/// A type as a spec writes it: `Int`, `String?`, `[User]`, `[String: Int]`.
public indirect enum TypeReference: Hashable, Sendable, CustomStringConvertible {
    /// A type the spec format has built in: `String`, `Date`, `JSON`, ….
    case builtIn(BuiltIn)
    /// A model of the spec, or of a spec it uses; or a name that names no type, which validation
    /// reports.
    case named(String)
    case optional(TypeReference)
    case array(TypeReference)
    /// A JSON object with string keys.
    case dictionary(TypeReference)

    /// The type `name` names: the built-in type of that name, else the model.
    public init(name: String) {
        self = BuiltIn(rawValue: name).map(TypeReference.builtIn) ?? .named(name)
    }

    /// Parses the spec's spelling; `nil` when it isn't one.
    public init?(parsing text: String) {
        var parser = Parser(text: Substring(text))
        guard let type = parser.parseType(), parser.isAtEnd else { return nil }
        self = type
    }

    public var description: String {
        switch self {
        case .builtIn(let type): type.rawValue
        case .named(let name): name
        case .optional(let wrapped): "\(wrapped)?"
        case .array(let element): "[\(element)]"
        case .dictionary(let value): "[String: \(value)]"
        }
    }

    /// The built-in or named type at the heart of this one, under its `?`, lists and maps:
    /// `User` for `[String: [User]]?`.
    public var core: TypeReference {
        switch self {
        case .builtIn, .named: self
        case .optional(let inner), .array(let inner), .dictionary(let inner): inner.core
        }
    }

    /// The name of the built-in type or model this is; `nil` for an optional, a list or a map.
    public var name: String? {
        switch self {
        case .builtIn(let type): type.rawValue
        case .named(let name): name
        case .optional, .array, .dictionary: nil
        }
    }

    /// The name of the model this type holds, bare, optional, in a list or in a map; `nil` when
    /// it holds a built-in type.
    public var modelName: String? {
        if case .named(let name) = core { name } else { nil }
    }

    /// Whether this type is `type` or holds it, optional, in a list or in a map.
    func mentions(_ type: BuiltIn) -> Bool {
        core == .builtIn(type)
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
                type = TypeReference(name: String(name))
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
