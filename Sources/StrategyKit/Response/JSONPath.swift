import Foundation

// Entry points of generated code (`Strategy.output` reads ``Strategy/outputPath`` through the
// first, generated error enums their code and message through the second). They are SPI, so
// StrategyKit adds nothing public to Foundation's `JSONDecoder` and `Data`.

extension JSONDecoder {
    /// Decodes the value at `path` in a JSON document: `response.items`, `response.count`.
    ///
    /// The value may be any `Decodable`, including `Int`, `String`, `Bool` and arrays. With a
    /// `nil` or empty path, decodes the whole document. The decoder's strategies (dates, keys)
    /// apply to the value; keys in `path` are matched as written in the JSON.
    @_spi(Generated) public func decode<T: Decodable>(_ type: T.Type, from data: Data, at path: String?) throws -> T {
        guard let path, !path.isEmpty else {
            return try decode(type, from: data)
        }
        let keys = JSONPath.keys(path)
        guard case .useDefaultKeys = keyDecodingStrategy else {
            // Converted keys no longer match the path: cut the value out, then decode it alone.
            return try decode(type, from: JSONPath.extract(keys, from: data))
        }
        let decoder = JSONDecoder()
        decoder.dateDecodingStrategy = dateDecodingStrategy
        decoder.dataDecodingStrategy = dataDecodingStrategy
        decoder.nonConformingFloatDecodingStrategy = nonConformingFloatDecodingStrategy
        decoder.allowsJSON5 = allowsJSON5
        decoder.userInfo = userInfo
        decoder.userInfo[JSONPath.userInfoKey] = keys
        return try decoder.decode(Nested<T>.self, from: data).value
    }
}

extension Data {
    /// The value at `path` in this JSON document, or `nil` when it isn't JSON, has nothing
    /// there, or holds another type there. For error types that read a code or a message.
    @_spi(Generated) public func value<T: Decodable>(at path: String, as type: T.Type = T.self) -> T? {
        try? JSONDecoder().decode(type, from: self, at: path)
    }
}

/// Key paths into JSON documents: `response.items` is `["response", "items"]`.
enum JSONPath {
    static let userInfoKey = CodingUserInfoKey(rawValue: "StrategyKit.JSONPath")!

    static func keys(_ path: String) -> [String] {
        path.split(separator: ".").map(String.init)
    }

    /// Whether the JSON object in `data` has a value (even `null`) at `keys`.
    static func contains(_ keys: [String], in data: Data) -> Bool {
        guard !keys.isEmpty, let root = try? JSONSerialization.jsonObject(with: data, options: [.fragmentsAllowed]) else {
            return false
        }
        var current: Any = root
        for key in keys {
            guard let object = current as? [String: Any], let next = object[key] else { return false }
            current = next
        }
        return true
    }

    /// The JSON text of the value at `keys`.
    static func extract(_ keys: [String], from data: Data) throws -> Data {
        var current = try JSONSerialization.jsonObject(with: data, options: [.fragmentsAllowed])
        for (index, key) in keys.enumerated() {
            guard let object = current as? [String: Any], let next = object[key] else {
                let codingPath = keys[..<index].map { PathKey($0) }
                throw DecodingError.keyNotFound(PathKey(key), DecodingError.Context(
                    codingPath: codingPath, debugDescription: "No value at '\(keys[...index].joined(separator: "."))'"
                ))
            }
            current = next
        }
        return try JSONSerialization.data(withJSONObject: current, options: [.fragmentsAllowed])
    }
}

/// Walks the path from the decoder's `userInfo`, then decodes `Value` there.
private struct Nested<Value: Decodable>: Decodable {
    let value: Value

    init(from decoder: any Decoder) throws {
        let keys = decoder.userInfo[JSONPath.userInfoKey] as? [String] ?? []
        var container = try decoder.container(keyedBy: PathKey.self)
        for key in keys.dropLast() {
            container = try container.nestedContainer(keyedBy: PathKey.self, forKey: PathKey(key))
        }
        value = try container.decode(Value.self, forKey: PathKey(keys.last ?? ""))
    }
}

private struct PathKey: CodingKey {
    let stringValue: String
    var intValue: Int? { nil }

    init(_ string: String) {
        stringValue = string
    }

    init?(stringValue: String) {
        self.stringValue = stringValue
    }

    init?(intValue: Int) {
        nil
    }
}
