import Foundation

// RFC 9562 (section 4) has UUIDs written in lower case, and servers compare them as text: an
// id sent as Foundation writes it (`uuidString`, and `UUID: Encodable`, both upper case) names
// nothing on a server that issued it in lower case. Everything the runtime sends writes a UUID
// in lower case: a path, query, header, form or multipart value through `ParameterValue`, and a
// JSON body or part through the encoder below, at any depth (a field, a list, a map, a union).
// Decoding reads either case, as `UUID(uuidString:)` does.

extension UUID {
    /// The UUID as RFC 9562 writes it on output: lower-case hexadecimal with hyphens.
    var lowercasedString: String {
        uuidString.lowercased()
    }
}

/// `value`, encoded with every UUID in it written in lower case.
struct LowercaseUUIDs<Value: Encodable>: Encodable {
    let value: Value

    func encode(to encoder: any Encoder) throws {
        try LowercaseUUIDEncoder.encode(value, to: encoder)
    }
}

/// Encodes through another encoder, writing each UUID it meets as lower-case text; everything
/// else reaches the other encoder as it would have, so its strategies (dates, data, keys) apply.
struct LowercaseUUIDEncoder: Encoder {
    let base: any Encoder

    var codingPath: [any CodingKey] { base.codingPath }
    var userInfo: [CodingUserInfoKey: Any] { base.userInfo }

    func container<Key: CodingKey>(keyedBy type: Key.Type) -> KeyedEncodingContainer<Key> {
        KeyedEncodingContainer(KeyedContainer(base: base.container(keyedBy: type)))
    }

    func unkeyedContainer() -> any UnkeyedEncodingContainer {
        UnkeyedContainer(base: base.unkeyedContainer())
    }

    func singleValueContainer() -> any SingleValueEncodingContainer {
        SingleValueContainer(base: base.singleValueContainer())
    }

    /// Writes `value` into `encoder`: a UUID as lower-case text.
    static func encode(_ value: some Encodable, to encoder: any Encoder) throws {
        if let uuid = value as? UUID {
            var container = encoder.singleValueContainer()
            try container.encode(uuid.lowercasedString)
        } else {
            try value.encode(to: LowercaseUUIDEncoder(base: encoder))
        }
    }

    /// What a container hands its encoder in place of `value`: lower-case text for a UUID,
    /// `value` itself when it holds no other value (text, a number, or a type the encoder
    /// writes its own way, such as a date), else `value` wrapped so the values inside it are
    /// written the same way.
    static func wrapped<T: Encodable>(_ value: T) -> any Encodable {
        if let uuid = value as? UUID { return uuid.lowercasedString }
        if value is any HoldsNoUUID { return value }
        return LowercaseUUIDs(value: value)
    }
}

/// A value that has no UUID inside it, handed to the encoder as it is.
private protocol HoldsNoUUID {}

extension String: HoldsNoUUID {}
extension Int: HoldsNoUUID {}
extension Int32: HoldsNoUUID {}
extension Int64: HoldsNoUUID {}
extension UInt: HoldsNoUUID {}
extension Double: HoldsNoUUID {}
extension Float: HoldsNoUUID {}
extension Bool: HoldsNoUUID {}
// An encoder writes these its own way (its date and data strategies), which it recognizes by type.
extension Date: HoldsNoUUID {}
extension Data: HoldsNoUUID {}
extension URL: HoldsNoUUID {}
extension Decimal: HoldsNoUUID {}

private struct KeyedContainer<Key: CodingKey>: KeyedEncodingContainerProtocol {
    var base: KeyedEncodingContainer<Key>

    var codingPath: [any CodingKey] { base.codingPath }

    mutating func encodeNil(forKey key: Key) throws { try base.encodeNil(forKey: key) }
    mutating func encode(_ value: Bool, forKey key: Key) throws { try base.encode(value, forKey: key) }
    mutating func encode(_ value: String, forKey key: Key) throws { try base.encode(value, forKey: key) }
    mutating func encode(_ value: Double, forKey key: Key) throws { try base.encode(value, forKey: key) }
    mutating func encode(_ value: Int, forKey key: Key) throws { try base.encode(value, forKey: key) }

    mutating func encode<T: Encodable>(_ value: T, forKey key: Key) throws {
        try base.encode(LowercaseUUIDEncoder.wrapped(value), forKey: key)
    }

    mutating func nestedContainer<NestedKey: CodingKey>(keyedBy keyType: NestedKey.Type, forKey key: Key) -> KeyedEncodingContainer<NestedKey> {
        KeyedEncodingContainer(KeyedContainer<NestedKey>(base: base.nestedContainer(keyedBy: keyType, forKey: key)))
    }

    mutating func nestedUnkeyedContainer(forKey key: Key) -> any UnkeyedEncodingContainer {
        UnkeyedContainer(base: base.nestedUnkeyedContainer(forKey: key))
    }

    mutating func superEncoder() -> any Encoder { LowercaseUUIDEncoder(base: base.superEncoder()) }
    mutating func superEncoder(forKey key: Key) -> any Encoder { LowercaseUUIDEncoder(base: base.superEncoder(forKey: key)) }
}

private struct UnkeyedContainer: UnkeyedEncodingContainer {
    var base: any UnkeyedEncodingContainer

    var codingPath: [any CodingKey] { base.codingPath }
    var count: Int { base.count }

    mutating func encodeNil() throws { try base.encodeNil() }
    mutating func encode(_ value: Bool) throws { try base.encode(value) }
    mutating func encode(_ value: String) throws { try base.encode(value) }
    mutating func encode(_ value: Double) throws { try base.encode(value) }
    mutating func encode(_ value: Int) throws { try base.encode(value) }

    mutating func encode<T: Encodable>(_ value: T) throws {
        try base.encode(LowercaseUUIDEncoder.wrapped(value))
    }

    mutating func nestedContainer<NestedKey: CodingKey>(keyedBy keyType: NestedKey.Type) -> KeyedEncodingContainer<NestedKey> {
        KeyedEncodingContainer(KeyedContainer<NestedKey>(base: base.nestedContainer(keyedBy: keyType)))
    }

    mutating func nestedUnkeyedContainer() -> any UnkeyedEncodingContainer {
        UnkeyedContainer(base: base.nestedUnkeyedContainer())
    }

    mutating func superEncoder() -> any Encoder { LowercaseUUIDEncoder(base: base.superEncoder()) }
}

private struct SingleValueContainer: SingleValueEncodingContainer {
    var base: any SingleValueEncodingContainer

    var codingPath: [any CodingKey] { base.codingPath }

    mutating func encodeNil() throws { try base.encodeNil() }
    mutating func encode(_ value: Bool) throws { try base.encode(value) }
    mutating func encode(_ value: String) throws { try base.encode(value) }
    mutating func encode(_ value: Double) throws { try base.encode(value) }
    mutating func encode(_ value: Int) throws { try base.encode(value) }

    mutating func encode<T: Encodable>(_ value: T) throws {
        try base.encode(LowercaseUUIDEncoder.wrapped(value))
    }
}
