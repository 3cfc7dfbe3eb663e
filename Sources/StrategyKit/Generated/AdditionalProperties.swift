import Foundation

@_spi(Generated) extension KeyedDecodingContainer where Key == JSONKey {
    /// Decodes the value of each key of the object other than the `declared` ones: the keys a
    /// model keeps beside its fields (OpenAPI's `additionalProperties`).
    ///
    /// ```swift
    /// self.additionalProperties = try container.decodeAdditionalProperties(JSONValue.self, declared: ["id", "name"])
    /// ```
    public func decodeAdditionalProperties<Value: Decodable>(_ type: Value.Type, declared: Set<String>) throws -> [String: Value] {
        var values: [String: Value] = [:]
        for key in allKeys where !declared.contains(key.stringValue) {
            values[key.stringValue] = try decode(Value.self, forKey: key)
        }
        return values
    }
}

@_spi(Generated) extension KeyedEncodingContainer where Key == JSONKey {
    /// Encodes each value at its key beside the object's fields, in the order of the keys; a key
    /// that one of the `declared` fields has is the field's, and is left out.
    public mutating func encodeAdditionalProperties<Value: Encodable>(_ values: [String: Value], declared: Set<String>) throws {
        for (key, value) in values.sorted(by: { $0.key < $1.key }) where !declared.contains(key) {
            try encode(value, forKey: JSONKey(stringValue: key))
        }
    }
}
