/// A small structured representation of the Swift the generator writes.
///
/// Builders produce these values; ``SwiftRenderer`` alone turns them into text, so spacing,
/// indentation and line breaking are decided in one place.
public struct SwiftFile: Hashable, Sendable {
    /// The file's name, e.g. `users.Models.swift`.
    public var name: String
    /// Comment lines at the top of the file, without `//`.
    public var header: [String]
    public var imports: [String]
    public var declarations: [Declaration]
}

public indirect enum Declaration: Hashable, Sendable {
    case type(TypeDeclaration)
    case property(Property)
    case function(Function)
    case typeAlias(docs: [String], access: String?, name: String, type: String)
    case enumCase(docs: [String], attributes: [String] = [], name: String, rawValue: String?)
}

public struct TypeDeclaration: Hashable, Sendable {
    public enum Kind: String, Hashable, Sendable {
        case `struct`, `enum`, `extension`, `protocol`
        /// An enum whose cases may hold the enum itself, through other types.
        case indirectEnum = "indirect enum"
    }

    public var docs: [String] = []
    public var attributes: [String] = []
    public var access: String?
    public var kind: Kind
    public var name: String
    public var inherits: [String] = []
    public var members: [Declaration] = []
}

public struct Property: Hashable, Sendable {
    public var docs: [String] = []
    public var attributes: [String] = []
    public var access: String?
    public var isStatic = false
    public var isLet = false
    public var name: String
    public var type: String?
    /// `= value` for a stored property.
    public var value: String?
    /// The getter of a computed property.
    public var getter: [Statement]?
    /// The setter of a computed property, which then also has a getter; it sees `newValue`.
    public var setter: [Statement]?
}

public struct Function: Hashable, Sendable {
    public struct Parameter: Hashable, Sendable {
        /// `nil` keeps the name as the label; `"_"` drops the label.
        public var label: String?
        public var name: String
        public var type: String
        public var defaultValue: String?
    }

    public var docs: [String] = []
    public var attributes: [String] = []
    public var access: String?
    public var isStatic = false
    public var isMutating = false
    /// `init` for an initializer.
    public var name: String
    public var parameters: [Parameter] = []
    public var isAsync = false
    public var isThrowing = false
    /// The error type of typed throws, e.g. `CallError<VKError>`; `nil` throws `any Error`.
    public var thrownType: String?
    public var returnType: String?
    /// `nil` for a protocol requirement.
    public var body: [Statement]?
}

public indirect enum Statement: Hashable, Sendable {
    case line(String)
    /// `header {`, the body indented, `}`.
    case block(String, [Statement])
    /// `switch subject {` with `case pattern:` bodies; a `nil` pattern is `default:`.
    case switchOver(String, [SwitchCase])
    /// `prefix { parameters in`, the body indented, `}`: a trailing closure.
    case closure(prefix: String, parameters: String, body: [Statement])
    /// An expression the renderer lays out, such as `prefix(arguments)suffix`.
    case expression(Expression)
    /// `target = value` for each pair; `(a, b) = (x, y)` in one line when there are several and
    /// they fit.
    case assignments(targets: [String], values: [String])

    /// `prefix(arguments)suffix`, on one line when it fits, otherwise one argument a line.
    public static func call(prefix: String, arguments: [String], suffix: String) -> Statement {
        .expression(.call(prefix: prefix, arguments: arguments.map(Expression.code), suffix: suffix))
    }
}

/// An expression the renderer writes on one line when it fits and breaks, one element a line,
/// when it doesn't.
public indirect enum Expression: Hashable, Sendable {
    /// Code written as it is.
    case code(String)
    /// `prefix(a, b)suffix`; broken, one argument a line.
    case call(prefix: String, arguments: [Expression], suffix: String)
    /// `prefix[a: x, b: y]suffix`; broken, one entry a line, each followed by a comma. One entry
    /// alone is never broken.
    case dictionary(prefix: String, entries: [DictionaryEntry], suffix: String)
    /// `prefix[a, b]suffix`; broken, one element a line, each followed by a comma.
    case array(prefix: String, elements: [Expression], suffix: String)
}

/// `key: value` in a dictionary literal.
public struct DictionaryEntry: Hashable, Sendable {
    public var key: String
    public var value: Expression

    public init(_ key: String, _ value: Expression) {
        self.key = key
        self.value = value
    }
}

/// `case a, b:` and its body; no patterns is `default:`.
///
/// Patterns that don't fit on one line are written as several cases of as many patterns as fit,
/// each with the body: the patterns of one case bind the same names, so each line reads alike.
public struct SwitchCase: Hashable, Sendable {
    public var patterns: [String]
    public var body: [Statement]

    public init(patterns: [String], body: [Statement]) {
        self.patterns = patterns
        self.body = body
    }

    /// `case pattern:`, or `default:` for `nil`.
    public init(pattern: String?, body: [Statement]) {
        self.init(patterns: pattern.map { [$0] } ?? [], body: body)
    }
}
