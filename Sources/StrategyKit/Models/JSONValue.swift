/// Any JSON value, kept as it was read: the type of a field a spec leaves free-form (`JSON`),
/// such as a layout of blocks a client passes through without looking inside.
///
/// Encoding it writes back what was read: objects keep every key, and whole numbers stay whole.
///
/// ```swift
/// let blocks: JSONValue = [["type": "divider"], ["type": "section", "text": "Hello"]]
/// if case .string(let kind)? = blocks[0]?["type"] { print(kind) }   // divider
/// ```
public enum JSONValue: Codable, Hashable, Sendable {
    /// `null`.
    case null
    /// `true` or `false`.
    case bool(Bool)
    /// A whole number that fits an `Int`.
    case integer(Int)
    /// Any other number.
    case number(Double)
    /// A string.
    case string(String)
    /// An array.
    case array([JSONValue])
    /// An object.
    case object([String: JSONValue])

    /// Reads any JSON value.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.singleValueContainer()
        if container.decodeNil() {
            self = .null
        } else if let value = try? container.decode(Bool.self) {
            self = .bool(value)
        } else if let value = try? container.decode(Int.self) {
            self = .integer(value)
        } else if let value = try? container.decode(Double.self) {
            self = .number(value)
        } else if let value = try? container.decode(String.self) {
            self = .string(value)
        } else if let value = try? container.decode([JSONValue].self) {
            self = .array(value)
        } else {
            self = .object(try container.decode([String: JSONValue].self))
        }
    }

    /// Writes the value as it was read.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        switch self {
        case .null: try container.encodeNil()
        case .bool(let value): try container.encode(value)
        case .integer(let value): try container.encode(value)
        case .number(let value): try container.encode(value)
        case .string(let value): try container.encode(value)
        case .array(let value): try container.encode(value)
        case .object(let value): try container.encode(value)
        }
    }

    /// The value at `key` of an object; `nil` for a missing key or a value that isn't an object.
    public subscript(key: String) -> JSONValue? {
        if case .object(let members) = self { members[key] } else { nil }
    }

    /// The value at `index` of an array; `nil` out of its bounds or for a value that isn't an array.
    public subscript(index: Int) -> JSONValue? {
        if case .array(let items) = self, items.indices.contains(index) { items[index] } else { nil }
    }
}

extension JSONValue: ExpressibleByBooleanLiteral, ExpressibleByIntegerLiteral, ExpressibleByFloatLiteral,
    ExpressibleByStringLiteral, ExpressibleByArrayLiteral, ExpressibleByDictionaryLiteral {
    /// `true` or `false`.
    public init(booleanLiteral value: Bool) { self = .bool(value) }

    /// A whole number.
    public init(integerLiteral value: Int) { self = .integer(value) }

    /// A number.
    public init(floatLiteral value: Double) { self = .number(value) }

    /// A string.
    public init(stringLiteral value: String) { self = .string(value) }

    /// An array.
    public init(arrayLiteral elements: JSONValue...) { self = .array(elements) }

    /// An object; a key written twice keeps its last value.
    public init(dictionaryLiteral elements: (String, JSONValue)...) {
        self = .object(Dictionary(elements, uniquingKeysWith: { _, last in last }))
    }
}
