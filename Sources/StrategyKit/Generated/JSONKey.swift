/// A key of a JSON object, written as a string literal: the one coding key type of the
/// generated models that spell out their coding, so that none needs a `CodingKeys` enum of its
/// own (and the functions the compiler makes for each).
///
/// ```swift
/// let container = try decoder.container(keyedBy: JSONKey.self)
/// self.createdAt = try container.decode(Date.self, forKey: "created_at", format: .iso8601)
/// ```
@_spi(Generated) public struct JSONKey: CodingKey, ExpressibleByStringLiteral, Sendable {
    /// The key as it is written in the JSON object.
    public let stringValue: String

    /// Always `nil`: JSON objects have string keys only.
    public var intValue: Int? { nil }

    /// The key `stringValue`.
    public init(stringValue: String) {
        self.stringValue = stringValue
    }

    /// The key written as a string literal, such as `"created_at"`.
    public init(stringLiteral value: String) {
        self.stringValue = value
    }

    /// Never a key: JSON objects have string keys only.
    public init?(intValue: Int) {
        return nil
    }
}
