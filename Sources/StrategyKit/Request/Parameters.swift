import Foundation

// What generated code writes into paths, queries, headers and forms. It is SPI, the
// conformances of the standard library's types with it: a user's `String` or `Int` shows
// nothing of the runtime. Hand-written endpoints take text (`LosslessStringConvertible`); both
// write numbers through `ParameterText`.

/// A single value that can stand in a path segment, a query item or a form field.
@_spi(Generated) public protocol ParameterValue: QueryValue {
    /// The value as text, before percent-encoding.
    var parameterValue: String { get }
}

/// A value that may stand for more than one cookie: an exploded form-style object writes a
/// cookie per field (`R=100; G=200`), as OpenAPI's `style: form, explode: true` has it.
@_spi(Generated) public protocol CookieValue: ParameterValue {
    /// The cookies this value becomes under `name`.
    func cookies(named name: String) -> [(name: String, value: String)]
}

/// A value that becomes zero or more query items: a single value, an array, a date, an optional.
@_spi(Generated) public protocol QueryValue: Sendable {
    /// The query items this value becomes under `name`, written by `encoding`; none for `nil`.
    func queryItems(named name: String, encoding: QueryEncoding) -> [Endpoint.QueryItem]
}

/// How query values that have more than one spelling are written.
@_spi(Generated) public struct QueryEncoding: Hashable, Sendable {
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

    /// How an array becomes query items.
    public var arrays: ArrayStyle
    /// How a `Bool` is written.
    public var bools: BoolStyle
    /// How a `Date` is written.
    public var dates: DateFormat

    /// An encoding; by default repeated items, `true`/`false` and ISO 8601 dates.
    public init(arrays: ArrayStyle = .repeated, bools: BoolStyle = .word, dates: DateFormat = .iso8601) {
        self.arrays = arrays
        self.bools = bools
        self.dates = dates
    }
}

@_spi(Generated) extension ParameterValue {
    /// One item, `name=parameterValue`.
    public func queryItems(named name: String, encoding: QueryEncoding) -> [Endpoint.QueryItem] {
        [Endpoint.QueryItem(name: name, value: parameterValue)]
    }
}

@_spi(Generated) extension String: ParameterValue {
    /// The string itself.
    public var parameterValue: String { self }
}

@_spi(Generated) extension Substring: ParameterValue {
    /// The substring as a string.
    public var parameterValue: String { String(self) }
}

@_spi(Generated) extension Int: ParameterValue {
    /// The number in decimal.
    public var parameterValue: String { String(self) }
}

@_spi(Generated) extension Int32: ParameterValue {
    /// The number in decimal.
    public var parameterValue: String { String(self) }
}

@_spi(Generated) extension Int64: ParameterValue {
    /// The number in decimal.
    public var parameterValue: String { String(self) }
}

@_spi(Generated) extension UInt: ParameterValue {
    /// The number in decimal.
    public var parameterValue: String { String(self) }
}

@_spi(Generated) extension Double: ParameterValue {
    /// The number in plain decimal, with no exponent or trailing `.0`: `100`, `0.00001`, `0.5`.
    public var parameterValue: String { ParameterText.decimal(self) }
}

@_spi(Generated) extension Float: ParameterValue {
    /// The number in plain decimal, with no exponent or trailing `.0`: `100`, `0.00001`, `0.5`.
    public var parameterValue: String { ParameterText.decimal(self) }
}

@_spi(Generated) extension UUID: ParameterValue {
    /// The UUID in lower-case hexadecimal with hyphens, as RFC 9562 writes it.
    public var parameterValue: String { lowercasedString }
}

@_spi(Generated) extension Bool: ParameterValue {
    /// `true` or `false`.
    public var parameterValue: String { self ? "true" : "false" }

    /// One item, written as the encoding's ``QueryEncoding/bools`` says.
    public func queryItems(named name: String, encoding: QueryEncoding) -> [Endpoint.QueryItem] {
        let value = switch encoding.bools {
        case .word: parameterValue
        case .digit: self ? "1" : "0"
        }
        return [Endpoint.QueryItem(name: name, value: value)]
    }
}

@_spi(Generated) extension ParameterValue where Self: RawRepresentable, RawValue: ParameterValue {
    /// The raw value, as text.
    public var parameterValue: String { rawValue.parameterValue }
}

@_spi(Generated) extension Date: QueryValue {
    /// One item, the date written as the encoding's ``QueryEncoding/dates`` says.
    public func queryItems(named name: String, encoding: QueryEncoding) -> [Endpoint.QueryItem] {
        [Endpoint.QueryItem(name: name, value: encoding.dates.string(from: self))]
    }
}

@_spi(Generated) extension Optional: QueryValue where Wrapped: QueryValue {
    /// The wrapped value's items, or none for `nil`.
    public func queryItems(named name: String, encoding: QueryEncoding) -> [Endpoint.QueryItem] {
        self?.queryItems(named: name, encoding: encoding) ?? []
    }
}

@_spi(Generated) extension Array: QueryValue where Element: QueryValue {
    /// The elements' items, as the encoding's ``QueryEncoding/arrays`` says.
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
        // Most values (ids, names, numbers) need no encoding: kept without a copy.
        if value.utf8.allSatisfy(isUnreserved) { return value }
        return value.addingPercentEncoding(withAllowedCharacters: unreserved) ?? value
    }

    /// RFC 3986's unreserved characters: letters, digits, `-`, `.`, `_` and `~`.
    static func isUnreserved(_ byte: UInt8) -> Bool {
        switch byte {
        case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"), UInt8(ascii: "0")...UInt8(ascii: "9"): true
        case UInt8(ascii: "-"), UInt8(ascii: "."), UInt8(ascii: "_"), UInt8(ascii: "~"): true
        default: false
        }
    }
}
