/// A key of a JSON object, written as a string literal: the one coding key type of the
/// generated models that spell out their coding, so that none needs a `CodingKeys` enum of its
/// own (and the functions the compiler makes for each).
///
/// ```swift
/// let container = try decoder.container(keyedBy: JSONKey.self)
/// self.createdAt = try container.decode(Date.self, forKey: "created_at", format: .iso8601)
/// ```
public struct JSONKey: CodingKey, ExpressibleByStringLiteral, Sendable {
    public let stringValue: String

    public var intValue: Int? { nil }

    public init(stringValue: String) {
        self.stringValue = stringValue
    }

    public init(stringLiteral value: String) {
        self.stringValue = value
    }

    public init?(intValue: Int) {
        return nil
    }
}
