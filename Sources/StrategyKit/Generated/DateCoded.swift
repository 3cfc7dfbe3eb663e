import Foundation

/// A date format fixed in a type, for ``DateCoded``.
public protocol DateCodingFormat: Sendable {
    /// How the date is written.
    static var format: DateFormat { get }
}

extension DateFormat {
    /// ``DateFormat/iso8601`` as a type, for ``DateCoded``: `2024-05-01T12:00:00Z`.
    public enum ISO8601: DateCodingFormat {
        /// ``DateFormat/iso8601``.
        public static var format: DateFormat { .iso8601 }
    }

    /// ``DateFormat/iso8601WithFractionalSeconds`` as a type, for ``DateCoded``:
    /// `2024-05-01T12:00:00.250Z`.
    public enum ISO8601WithFractionalSeconds: DateCodingFormat {
        /// ``DateFormat/iso8601WithFractionalSeconds``.
        public static var format: DateFormat { .iso8601WithFractionalSeconds }
    }

    /// ``DateFormat/secondsSince1970`` as a type, for ``DateCoded``: `1714564800`.
    public enum SecondsSince1970: DateCodingFormat {
        /// ``DateFormat/secondsSince1970``.
        public static var format: DateFormat { .secondsSince1970 }
    }

    /// ``DateFormat/millisecondsSince1970`` as a type, for ``DateCoded``: `1714564800250`.
    public enum MillisecondsSince1970: DateCodingFormat {
        /// ``DateFormat/millisecondsSince1970``.
        public static var format: DateFormat { .millisecondsSince1970 }
    }
}

/// A date property of a `Codable` model written in `Format`, whatever the coder's own date
/// strategy; the other properties keep the synthesized coding.
///
/// ```swift
/// struct Auction: Codable {
///     var title: String
///     @DateCoded<DateFormat.ISO8601, Date> var startsAt: Date
///     @DateCoded<DateFormat.ISO8601, Date?> var endsAt: Date?
/// }
/// ```
///
/// An optional date is `nil` when its key is missing or `null`, and leaves its key out when `nil`.
@propertyWrapper
public struct DateCoded<Format: DateCodingFormat, Value: DateCodingValue>: Codable, Hashable, Sendable {
    /// The date.
    public var wrappedValue: Value

    /// Wraps `wrappedValue`.
    public init(wrappedValue: Value) {
        self.wrappedValue = wrappedValue
    }

    /// Reads a date written in `Format`, or `null`.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.singleValueContainer()
        let date = container.decodeNil() ? nil : try container.decode(Date.self, format: Format.format)
        guard let value = Value(codedDate: date) else {
            throw DecodingError.valueNotFound(Date.self, DecodingError.Context(codingPath: decoder.codingPath, debugDescription: "a date is required, found null"))
        }
        wrappedValue = value
    }

    /// Writes the date in `Format`, or `null`.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        if let date = wrappedValue.codedDate {
            try container.encode(date, format: Format.format)
        } else {
            try container.encodeNil()
        }
    }
}

/// What ``DateCoded`` can wrap: `Date` and `Date?`.
public protocol DateCodingValue: Hashable, Sendable {
    /// The value of a decoded `date` (`nil` for `null`); `nil` when it may not be `null`.
    init?(codedDate date: Date?)
    /// The date to encode; `nil` for none.
    var codedDate: Date? { get }
}

extension Date: DateCodingValue {
    /// `date`, which may not be `nil`.
    public init?(codedDate date: Date?) {
        guard let date else { return nil }
        self = date
    }

    /// The date itself.
    public var codedDate: Date? { self }
}

extension Optional: DateCodingValue where Wrapped == Date {
    /// `date`, or `nil`.
    public init?(codedDate date: Date?) {
        self = date
    }

    /// The date, or `nil`.
    public var codedDate: Date? { self }
}

extension KeyedDecodingContainer {
    /// An optional date is `nil` when its key is missing.
    public func decode<Format>(_ type: DateCoded<Format, Date?>.Type, forKey key: Key) throws -> DateCoded<Format, Date?> {
        try decodeIfPresent(type, forKey: key) ?? DateCoded(wrappedValue: nil)
    }
}

extension KeyedEncodingContainer {
    /// An optional date leaves its key out when it is `nil`.
    public mutating func encode<Format>(_ value: DateCoded<Format, Date?>, forKey key: Key) throws {
        try encodeIfPresent(value.wrappedValue, forKey: key, format: Format.format)
    }
}

extension SingleValueDecodingContainer {
    /// Decodes a date written in `format`.
    func decode(_ type: Date.Type, format: DateFormat) throws -> Date {
        let text: String
        if format.isNumeric, let number = try? decode(Double.self) {
            text = String(number)
        } else {
            text = try decode(String.self)
        }
        guard let date = format.date(from: text) else {
            throw DecodingError.dataCorruptedError(in: self, debugDescription: "'\(text)' is not a date in the format \(format)")
        }
        return date
    }
}

extension SingleValueEncodingContainer {
    /// Encodes a date in `format`: a number for the epoch formats, text otherwise.
    mutating func encode(_ date: Date, format: DateFormat) throws {
        switch format {
        case .secondsSince1970: try encode(Int64(date.timeIntervalSince1970.rounded(.down)))
        case .millisecondsSince1970: try encode(Int64((date.timeIntervalSince1970 * 1000).rounded(.down)))
        default: try encode(format.string(from: date))
        }
    }
}
