/// An API as its spec describes it: plain values, each carrying where it was written.
///
/// The loader builds it from YAML; the validator checks it; nothing here knows about Swift code.
public struct APISpec: Hashable, Sendable {
    /// The spec file as the user named it.
    public var file: String
    public var name: Named
    public var access: AccessLevel
    public var servers: [ServerSpec]
    public var models: [ModelSpec]
    public var errors: [ErrorSpec]
    public var strategies: [StrategySpec]
}

/// A name with the place it was written.
public struct Named: Hashable, Sendable, CustomStringConvertible {
    public var value: String
    public var location: SourceLocation

    public init(_ value: String, at location: SourceLocation) {
        self.value = value
        self.location = location
    }

    public var description: String { value }
}

/// Who may see the generated declarations.
public enum AccessLevel: String, CaseIterable, Hashable, Sendable {
    case `public`
    case package
    case `internal`
}

/// A named server: `production: https://api.example.com/v1`.
public struct ServerSpec: Hashable, Sendable {
    public var name: Named
    public var scheme: String
    public var host: String
    public var port: Int?
    public var basePath: String
}

/// A JSON object: a struct of fields.
public struct ModelSpec: Hashable, Sendable {
    public var name: Named
    public var fields: [FieldSpec]
}

/// A field of a model or a parameter of a strategy: its wire name and its type.
public struct FieldSpec: Hashable, Sendable {
    /// The name on the wire (JSON key, query item name, path placeholder).
    public var name: Named
    public var type: TypeReference
    public var typeLocation: SourceLocation
}

/// An error enum built from responses the success check rejects.
public struct ErrorSpec: Hashable, Sendable {
    public var name: Named
    /// Status code → case, in the order written.
    public var statusCases: [StatusCase]
}

/// `404: notFound`
public struct StatusCase: Hashable, Sendable {
    public var statusCode: Int
    public var caseName: Named
}

/// One endpoint: the request it makes and what it returns.
public struct StrategySpec: Hashable, Sendable {
    public var name: Named
    public var doc: String?
    public var method: String
    public var path: Named
    public var pathParameters: [FieldSpec]
    public var query: [FieldSpec]
    /// The decoded output; `nil` when the strategy returns nothing.
    public var returns: TypeReference?
    public var returnsLocation: SourceLocation?
    /// The error type's name; `nil` when the strategy declares none.
    public var errorType: Named?
}
