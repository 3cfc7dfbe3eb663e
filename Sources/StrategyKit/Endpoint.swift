import Foundation

/// What one call of an endpoint sends: method, path, query, headers, body and timeout.
///
/// An endpoint knows nothing of servers; a ``StrategyClient`` resolves it against one.
public struct Endpoint: Hashable, Sendable {
    /// One query item; a `nil` value is left out of the URL.
    public struct QueryItem: Hashable, Sendable {
        public var name: String
        public var value: String?

        public init(name: String, value: String?) {
            self.name = name
            self.value = value
        }
    }

    public var method: HTTPMethod
    public var path: RequestPath
    public var query: [QueryItem]
    public var headers: HTTPHeaders
    public var body: Data?
    public var timeout: TimeInterval?

    /// Creates an endpoint; `query` keeps its order and drops `nil` values.
    ///
    /// ```swift
    /// Endpoint(.get, "/users/\(id)", query: ["verbose": verbose])
    /// ```
    public init(
        _ method: HTTPMethod,
        _ path: RequestPath,
        query: KeyValuePairs<String, (any ParameterValue)?> = [:],
        headers: HTTPHeaders = [:],
        body: Data? = nil,
        timeout: TimeInterval? = nil
    ) {
        self.method = method
        self.path = path
        self.query = query.compactMap { name, value in
            value.map { QueryItem(name: name, value: $0.parameterValue) }
        }
        self.headers = headers
        self.body = body
        self.timeout = timeout
    }
}

/// A percent-encoded request path built by string interpolation.
///
/// Literal text is kept as written; every interpolated value is encoded as one path segment,
/// so a value such as `"a/b?c"` or `".."` can never leave its segment.
///
/// ```swift
/// let path: RequestPath = "/users/\(id)/posts"
/// ```
public struct RequestPath: Hashable, Sendable, ExpressibleByStringInterpolation, CustomStringConvertible {
    /// The path as it goes on the wire.
    public private(set) var encoded: String

    public init(stringLiteral value: String) {
        encoded = value
    }

    public init(stringInterpolation: StringInterpolation) {
        encoded = stringInterpolation.encoded
    }

    public var description: String { encoded }

    public struct StringInterpolation: StringInterpolationProtocol {
        fileprivate var encoded = ""

        public init(literalCapacity: Int, interpolationCount: Int) {
            encoded.reserveCapacity(literalCapacity + interpolationCount * 8)
        }

        public mutating func appendLiteral(_ literal: String) {
            encoded += literal
        }

        public mutating func appendInterpolation(_ value: some ParameterValue) {
            encoded += PercentEncoding.pathSegment(value.parameterValue)
        }
    }
}

/// A value that can stand in a path segment or a query item.
public protocol ParameterValue: Sendable {
    /// The value as text, before percent-encoding.
    var parameterValue: String { get }
}

extension String: ParameterValue {
    public var parameterValue: String { self }
}

extension Substring: ParameterValue {
    public var parameterValue: String { String(self) }
}

extension Bool: ParameterValue {
    public var parameterValue: String { self ? "true" : "false" }
}

extension Int: ParameterValue {
    public var parameterValue: String { String(self) }
}

extension Int32: ParameterValue {
    public var parameterValue: String { String(self) }
}

extension Int64: ParameterValue {
    public var parameterValue: String { String(self) }
}

extension Double: ParameterValue {
    public var parameterValue: String { String(self) }
}

extension Float: ParameterValue {
    public var parameterValue: String { String(self) }
}

extension UUID: ParameterValue {
    public var parameterValue: String { uuidString }
}

extension ParameterValue where Self: RawRepresentable, RawValue: ParameterValue {
    public var parameterValue: String { rawValue.parameterValue }
}

/// Percent-encoding as RFC 3986 defines it, in the one place the runtime does it.
enum PercentEncoding {
    /// ALPHA / DIGIT / "-" / "." / "_" / "~": everything else is encoded.
    private static let unreserved = CharacterSet(
        charactersIn: "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-._~"
    )

    /// Encodes a value as one path segment; `.` and `..` are encoded too, so they are not dot-segments.
    static func pathSegment(_ value: String) -> String {
        if value == "." || value == ".." {
            return String(repeating: "%2E", count: value.count)
        }
        return encode(value)
    }

    /// Encodes a query name or value; `+`, `&` and `=` are encoded so servers can't misread them.
    static func queryComponent(_ value: String) -> String {
        encode(value)
    }

    private static func encode(_ value: String) -> String {
        value.addingPercentEncoding(withAllowedCharacters: unreserved) ?? value
    }
}
