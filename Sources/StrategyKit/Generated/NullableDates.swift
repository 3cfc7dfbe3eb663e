import Foundation

@_spi(Generated) extension KeyedDecodingContainer {
    /// Decodes a date written in `format`, or `nil` when it is `null`; the key must be there.
    public func decode(_ type: Date?.Type, forKey key: Key, format: DateFormat) throws -> Date? {
        try decodeNil(forKey: key) ? nil : try decode(Date.self, forKey: key, format: format)
    }

    /// Decodes an array of dates written in `format`, or `nil` when it is `null`; the key must be there.
    public func decode(_ type: [Date]?.Type, forKey key: Key, format: DateFormat) throws -> [Date]? {
        try decodeNil(forKey: key) ? nil : try decode([Date].self, forKey: key, format: format)
    }
}
