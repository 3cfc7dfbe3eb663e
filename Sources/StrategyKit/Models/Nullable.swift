import Foundation

/// A field that may be left out, sent as `null`, or sent with a value: the three requests a
/// `PATCH` tells apart. A spec field that is optional and `nullable` (`{ type: Int?, nullable:
/// true }`) has this type.
///
/// ```swift
/// try await client.updateIssue(number: 7, milestone: .null)      // "milestone": null, removes it
/// try await client.updateIssue(number: 7, milestone: .value(3))  // "milestone": 3
/// try await client.updateIssue(number: 7, title: "Renamed")      // no "milestone" key at all
/// ```
///
/// Decoding a response gives `.absent` for a missing key and `.null` for `null`.
public enum Nullable<Wrapped> {
    /// The key is left out.
    case absent
    /// The key is written with `null`.
    case null
    /// The key is written with this value.
    case value(Wrapped)
}

extension Nullable: Equatable where Wrapped: Equatable {}
extension Nullable: Hashable where Wrapped: Hashable {}
extension Nullable: Sendable where Wrapped: Sendable {}

@_spi(Generated) extension KeyedDecodingContainer {
    /// `.absent` when the key is missing, `.null` when it is `null`, the value otherwise.
    public func decode<Wrapped: Decodable>(_ type: Nullable<Wrapped>.Type, forKey key: Key) throws -> Nullable<Wrapped> {
        guard contains(key) else { return .absent }
        return try decodeNil(forKey: key) ? .null : .value(decode(Wrapped.self, forKey: key))
    }

    /// `.absent` when the key is missing, `.null` when it is `null`, the date written in `format` otherwise.
    public func decode(_ type: Nullable<Date>.Type, forKey key: Key, format: DateFormat) throws -> Nullable<Date> {
        guard contains(key) else { return .absent }
        return try decodeNil(forKey: key) ? .null : .value(decode(Date.self, forKey: key, format: format))
    }

    /// `.absent` when the key is missing, `.null` when it is `null`, the dates written in `format` otherwise.
    public func decode(_ type: Nullable<[Date]>.Type, forKey key: Key, format: DateFormat) throws -> Nullable<[Date]> {
        guard contains(key) else { return .absent }
        return try decodeNil(forKey: key) ? .null : .value(decode([Date].self, forKey: key, format: format))
    }
}

@_spi(Generated) extension KeyedEncodingContainer {
    /// Leaves the key out when `.absent`, writes `null` when `.null`, and the value otherwise.
    public mutating func encode<Wrapped: Encodable>(_ value: Nullable<Wrapped>, forKey key: Key) throws {
        switch value {
        case .absent: break
        case .null: try encodeNil(forKey: key)
        case .value(let wrapped): try encode(wrapped, forKey: key)
        }
    }

    /// Leaves the key out when `.absent`, writes `null` when `.null`, and the date in `format` otherwise.
    public mutating func encode(_ value: Nullable<Date>, forKey key: Key, format: DateFormat) throws {
        switch value {
        case .absent: break
        case .null: try encodeNil(forKey: key)
        case .value(let date): try encode(date, forKey: key, format: format)
        }
    }

    /// Leaves the key out when `.absent`, writes `null` when `.null`, and the dates in `format` otherwise.
    public mutating func encode(_ value: Nullable<[Date]>, forKey key: Key, format: DateFormat) throws {
        switch value {
        case .absent: break
        case .null: try encodeNil(forKey: key)
        case .value(let dates): try encode(dates, forKey: key, format: format)
        }
    }
}
