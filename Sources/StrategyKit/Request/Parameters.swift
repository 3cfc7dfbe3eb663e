import Foundation

/// A single value that can stand in a path segment, a query item or a form field.
public protocol ParameterValue: QueryValue {
    /// The value as text, before percent-encoding.
    var parameterValue: String { get }
}

/// A value that becomes zero or more query items: a single value, an array, a date, an optional.
public protocol QueryValue: Sendable {
    func queryItems(named name: String, encoding: QueryEncoding) -> [Endpoint.QueryItem]
}

/// How query values that have more than one spelling are written.
public struct QueryEncoding: Hashable, Sendable {
    /// How an array becomes query items.
    public enum ArrayStyle: Hashable, Sendable {
        /// `tag=a&tag=b`
        case repeated
        /// `tag=a,b`
        case commaSeparated
        /// `tag[]=a&tag[]=b`
        case brackets
    }

    /// How a `Bool` is written.
    public enum BoolStyle: Hashable, Sendable {
        /// `true` / `false`
        case word
        /// `1` / `0`
        case digit
    }

    public var arrays: ArrayStyle
    public var bools: BoolStyle
    public var dates: DateFormat

    public init(arrays: ArrayStyle = .repeated, bools: BoolStyle = .word, dates: DateFormat = .iso8601) {
        self.arrays = arrays
        self.bools = bools
        self.dates = dates
    }
}

extension ParameterValue {
    public func queryItems(named name: String, encoding: QueryEncoding) -> [Endpoint.QueryItem] {
        [Endpoint.QueryItem(name: name, value: parameterValue)]
    }
}

extension String: ParameterValue {
    public var parameterValue: String { self }
}

extension Substring: ParameterValue {
    public var parameterValue: String { String(self) }
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

extension UInt: ParameterValue {
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

extension Bool: ParameterValue {
    public var parameterValue: String { self ? "true" : "false" }

    public func queryItems(named name: String, encoding: QueryEncoding) -> [Endpoint.QueryItem] {
        let value = switch encoding.bools {
        case .word: parameterValue
        case .digit: self ? "1" : "0"
        }
        return [Endpoint.QueryItem(name: name, value: value)]
    }
}

extension ParameterValue where Self: RawRepresentable, RawValue: ParameterValue {
    public var parameterValue: String { rawValue.parameterValue }
}

extension Date: QueryValue {
    public func queryItems(named name: String, encoding: QueryEncoding) -> [Endpoint.QueryItem] {
        [Endpoint.QueryItem(name: name, value: encoding.dates.string(from: self))]
    }
}

extension Optional: QueryValue where Wrapped: QueryValue {
    public func queryItems(named name: String, encoding: QueryEncoding) -> [Endpoint.QueryItem] {
        self?.queryItems(named: name, encoding: encoding) ?? []
    }
}

extension Array: QueryValue where Element: QueryValue {
    public func queryItems(named name: String, encoding: QueryEncoding) -> [Endpoint.QueryItem] {
        switch encoding.arrays {
        case .repeated:
            return flatMap { $0.queryItems(named: name, encoding: encoding) }
        case .brackets:
            return flatMap { $0.queryItems(named: name + "[]", encoding: encoding) }
        case .commaSeparated:
            let values = flatMap { $0.queryItems(named: name, encoding: encoding) }.map(\.value)
            return values.isEmpty ? [] : [Endpoint.QueryItem(name: name, value: values.joined(separator: ","))]
        }
    }
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

    /// Encodes a query or form name or value; `+`, `&` and `=` are encoded so servers can't misread them.
    static func component(_ value: String) -> String {
        encode(value)
    }

    private static func encode(_ value: String) -> String {
        value.addingPercentEncoding(withAllowedCharacters: unreserved) ?? value
    }
}
