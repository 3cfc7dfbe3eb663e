import Foundation

/// How a date is written as text, in JSON, a query item or a form field.
@_spi(Generated) public enum DateFormat: Hashable, Sendable {
    /// `2024-05-01T12:00:00Z`
    case iso8601
    /// `2024-05-01T12:00:00.250Z`
    case iso8601WithFractionalSeconds
    /// `1714564800` (a number in JSON)
    case secondsSince1970
    /// `1714564800250` (a number in JSON)
    case millisecondsSince1970
    /// A fixed `DateFormatter` pattern in UTC with the POSIX locale, e.g. `yyyy-MM-dd`.
    case pattern(String)

    /// The date as text.
    public func string(from date: Date) -> String {
        switch self {
        case .iso8601:
            date.formatted(.iso8601)
        case .iso8601WithFractionalSeconds:
            date.formatted(Date.ISO8601FormatStyle(includingFractionalSeconds: true))
        case .secondsSince1970:
            String(Int64(date.timeIntervalSince1970.rounded(.down)))
        case .millisecondsSince1970:
            String(Int64((date.timeIntervalSince1970 * 1000).rounded(.down)))
        case .pattern(let pattern):
            Self.formatter(pattern).string(from: date)
        }
    }

    /// The date `text` stands for, or `nil` when it isn't written in this format.
    ///
    /// The two ISO 8601 formats each also read the other's spelling, since servers mix them.
    public func date(from text: String) -> Date? {
        switch self {
        case .iso8601, .iso8601WithFractionalSeconds:
            (try? Date(text, strategy: .iso8601)) ?? (try? Date(text, strategy: Date.ISO8601FormatStyle(includingFractionalSeconds: true)))
        case .secondsSince1970:
            Double(text).map { Date(timeIntervalSince1970: $0) }
        case .millisecondsSince1970:
            Double(text).map { Date(timeIntervalSince1970: $0 / 1000) }
        case .pattern(let pattern):
            Self.formatter(pattern).date(from: text)
        }
    }

    private static func formatter(_ pattern: String) -> DateFormatter {
        let formatter = DateFormatter()
        formatter.locale = Locale(identifier: "en_US_POSIX")
        formatter.timeZone = TimeZone(identifier: "UTC")
        formatter.dateFormat = pattern
        return formatter
    }

    /// Numbers in JSON for the epoch formats, strings otherwise.
    var isNumeric: Bool {
        self == .secondsSince1970 || self == .millisecondsSince1970
    }

    /// The date one JSON value holds in this format: its number, read by `number`, for the epoch
    /// formats when it is one, else its text, read by `text`; a value that is no date in this
    /// format throws what `corrupted` makes of the message.
    func date(number: () -> Double?, text: () throws -> String, corrupted: (String) -> DecodingError) throws -> Date {
        let written: String
        if isNumeric, let value = number() {
            written = String(value)
        } else {
            written = try text()
        }
        guard let date = date(from: written) else { throw corrupted("'\(written)' is not a date in the format \(self)") }
        return date
    }
}

@_spi(Generated) extension KeyedDecodingContainer {
    /// Decodes a date written in `format`.
    public func decode(_ type: Date.Type, forKey key: Key, format: DateFormat) throws -> Date {
        try format.date(
            number: { try? decode(Double.self, forKey: key) },
            text: { try decode(String.self, forKey: key) },
            corrupted: { DecodingError.dataCorruptedError(forKey: key, in: self, debugDescription: $0) }
        )
    }

    /// Decodes a date written in `format`, or `nil` when the key is missing or `null`.
    public func decodeIfPresent(_ type: Date.Type, forKey key: Key, format: DateFormat) throws -> Date? {
        guard contains(key), try !decodeNil(forKey: key) else { return nil }
        return try decode(Date.self, forKey: key, format: format)
    }

    /// Decodes an array of dates written in `format`.
    public func decode(_ type: [Date].Type, forKey key: Key, format: DateFormat) throws -> [Date] {
        var container = try nestedUnkeyedContainer(forKey: key)
        var dates: [Date] = []
        while !container.isAtEnd {
            let text = format.isNumeric ? String(try container.decode(Double.self)) : try container.decode(String.self)
            guard let date = format.date(from: text) else {
                throw DecodingError.dataCorruptedError(in: container, debugDescription: "'\(text)' is not a date in the format \(format)")
            }
            dates.append(date)
        }
        return dates
    }

    /// Decodes an array of dates written in `format`, or `nil` when the key is missing or `null`.
    public func decodeIfPresent(_ type: [Date].Type, forKey key: Key, format: DateFormat) throws -> [Date]? {
        guard contains(key), try !decodeNil(forKey: key) else { return nil }
        return try decode([Date].self, forKey: key, format: format)
    }
}

@_spi(Generated) extension KeyedEncodingContainer {
    /// Encodes a date in `format`.
    public mutating func encode(_ date: Date, forKey key: Key, format: DateFormat) throws {
        switch format {
        case .secondsSince1970: try encode(Int64(date.timeIntervalSince1970.rounded(.down)), forKey: key)
        case .millisecondsSince1970: try encode(Int64((date.timeIntervalSince1970 * 1000).rounded(.down)), forKey: key)
        default: try encode(format.string(from: date), forKey: key)
        }
    }

    /// Encodes a date in `format`, leaving the key out when it is `nil`.
    public mutating func encodeIfPresent(_ date: Date?, forKey key: Key, format: DateFormat) throws {
        if let date { try encode(date, forKey: key, format: format) }
    }

    /// Encodes a date in `format`, or `null` when it is `nil`.
    public mutating func encode(_ date: Date?, forKey key: Key, format: DateFormat) throws {
        if let date { try encode(date, forKey: key, format: format) } else { try encodeNil(forKey: key) }
    }

    /// Encodes an array of dates in `format`.
    public mutating func encode(_ dates: [Date], forKey key: Key, format: DateFormat) throws {
        var container = nestedUnkeyedContainer(forKey: key)
        for date in dates {
            switch format {
            case .secondsSince1970: try container.encode(Int64(date.timeIntervalSince1970.rounded(.down)))
            case .millisecondsSince1970: try container.encode(Int64((date.timeIntervalSince1970 * 1000).rounded(.down)))
            default: try container.encode(format.string(from: date))
            }
        }
    }

    /// Encodes an array of dates in `format`, or `null` when it is `nil`.
    public mutating func encode(_ dates: [Date]?, forKey key: Key, format: DateFormat) throws {
        if let dates { try encode(dates, forKey: key, format: format) } else { try encodeNil(forKey: key) }
    }

    /// Encodes an array of dates in `format`, leaving the key out when it is `nil`.
    public mutating func encodeIfPresent(_ dates: [Date]?, forKey key: Key, format: DateFormat) throws {
        if let dates { try encode(dates, forKey: key, format: format) }
    }
}

@_spi(Generated) extension Date {
    /// Decodes a date written in `format` as a whole value, as a union's member is.
    public init(from decoder: any Decoder, format: DateFormat) throws {
        let container = try decoder.singleValueContainer()
        self = try format.date(
            number: { try? container.decode(Double.self) },
            text: { try container.decode(String.self) },
            corrupted: { DecodingError.dataCorruptedError(in: container, debugDescription: $0) }
        )
    }

    /// Encodes the date in `format` as a whole value, as a union's member is.
    public func encode(to encoder: any Encoder, format: DateFormat) throws {
        var container = encoder.singleValueContainer()
        switch format {
        case .secondsSince1970: try container.encode(Int64(timeIntervalSince1970.rounded(.down)))
        case .millisecondsSince1970: try container.encode(Int64((timeIntervalSince1970 * 1000).rounded(.down)))
        default: try container.encode(format.string(from: self))
        }
    }
}
