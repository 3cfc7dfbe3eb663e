public struct Profile: Codable, Sendable {
    /// When each item was bookmarked, by item id.
    public var bookmarked: [String: Date]

    public var birthdays: [String: Date]?

    public init(bookmarked: [String: Date], birthdays: [String: Date]? = nil) {
        (self.bookmarked, self.birthdays) = (bookmarked, birthdays)
    }

    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: JSONKey.self)
        self.bookmarked = try container.decode([String: Date].self, forKey: "bookmarked", format: .iso8601)
        self.birthdays = try container.decodeIfPresent([String: Date].self, forKey: "birthdays", format: .pattern("yyyy-MM-dd"))
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: JSONKey.self)
        try container.encode(bookmarked, forKey: "bookmarked", format: .iso8601)
        try container.encodeIfPresent(birthdays, forKey: "birthdays", format: .pattern("yyyy-MM-dd"))
    }
}
