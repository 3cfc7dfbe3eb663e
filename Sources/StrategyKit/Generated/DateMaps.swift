import Foundation

// A map of dates (`additionalProperties: {type: string, format: date-time}`), each value in the
// field's format, as a single date or a list of them is; and a whole body of dates (a date, a
// list or a map of them), each in the format the document gives, not the client decoder's.

@_spi(Generated) extension KeyedDecodingContainer {
    /// Decodes a map of dates written in `format`.
    public func decode(_ type: [String: Date].Type, forKey key: Key, format: DateFormat) throws -> [String: Date] {
        let container = try nestedContainer(keyedBy: JSONKey.self, forKey: key)
        var dates: [String: Date] = [:]
        for entry in container.allKeys {
            dates[entry.stringValue] = try container.decode(Date.self, forKey: entry, format: format)
        }
        return dates
    }

    /// Decodes a map of dates written in `format`, or `nil` when the key is missing or `null`.
    public func decodeIfPresent(_ type: [String: Date].Type, forKey key: Key, format: DateFormat) throws -> [String: Date]? {
        guard contains(key), try !decodeNil(forKey: key) else { return nil }
        return try decode([String: Date].self, forKey: key, format: format)
    }

    /// Decodes a map of dates written in `format`, or `nil` when it is `null`; the key must be there.
    public func decode(_ type: [String: Date]?.Type, forKey key: Key, format: DateFormat) throws -> [String: Date]? {
        try decodeNil(forKey: key) ? nil : try decode([String: Date].self, forKey: key, format: format)
    }
}

@_spi(Generated) extension KeyedEncodingContainer {
    /// Encodes a map of dates in `format`, its keys in order.
    public mutating func encode(_ dates: [String: Date], forKey key: Key, format: DateFormat) throws {
        var container = nestedContainer(keyedBy: JSONKey.self, forKey: key)
        for (name, date) in dates.sorted(by: { $0.key < $1.key }) {
            try container.encode(date, forKey: JSONKey(stringValue: name), format: format)
        }
    }

    /// Encodes a map of dates in `format`, or `null` when it is `nil`.
    public mutating func encode(_ dates: [String: Date]?, forKey key: Key, format: DateFormat) throws {
        if let dates { try encode(dates, forKey: key, format: format) } else { try encodeNil(forKey: key) }
    }

    /// Encodes a map of dates in `format`, leaving the key out when it is `nil`.
    public mutating func encodeIfPresent(_ dates: [String: Date]?, forKey key: Key, format: DateFormat) throws {
        if let dates { try encode(dates, forKey: key, format: format) }
    }
}

@_spi(Generated) extension JSONDecoder {
    /// Decodes the value at `path` in a JSON document (the whole document when `path` is `nil`)
    /// whose dates, as a date, a list or a map of them, are written in `format`; the decoder's
    /// other strategies apply as they are.
    public func decode<T: Decodable>(_ type: T.Type, from data: Data, at path: String?, dates format: DateFormat) throws -> T {
        let decoder = JSONDecoder()
        decoder.keyDecodingStrategy = keyDecodingStrategy
        decoder.dataDecodingStrategy = dataDecodingStrategy
        decoder.nonConformingFloatDecodingStrategy = nonConformingFloatDecodingStrategy
        decoder.allowsJSON5 = allowsJSON5
        decoder.userInfo = userInfo
        decoder.dateDecodingStrategy = .custom { decoder in
            let container = try decoder.singleValueContainer()
            return try format.date(
                number: { try? container.decode(Double.self) },
                text: { try container.decode(String.self) },
                corrupted: { DecodingError.dataCorruptedError(in: container, debugDescription: $0) }
            )
        }
        return try decoder.decode(type, from: data, at: path)
    }
}
