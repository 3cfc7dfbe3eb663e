public struct Note: Decodable, Sendable {
    public let text: String
    public let editedAt: Date?
    public let author: String?

    public init(text: String, editedAt: Date? = nil, author: String? = nil) {
        (self.text, self.editedAt, self.author) = (text, editedAt, author)
    }

    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: JSONKey.self)
        self.text = try container.decode(String.self, forKey: "text")
        self.editedAt = try container.decode(Date?.self, forKey: "editedAt", format: .iso8601)
        self.author = try container.decodeIfPresent(String.self, forKey: "author")
    }
}
