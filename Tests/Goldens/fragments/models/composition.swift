/// An issue with when it was made and changed.
public struct IssueWithTimes: Codable, Equatable, Sendable {
    public var number: Int
    public var title: String
    public var createdAt: Date
    public var updatedAt: Date?
    public var locked: Bool

    public init(number: Int, title: String, createdAt: Date, updatedAt: Date? = nil, locked: Bool) {
        self.number = number
        self.title = title
        self.createdAt = createdAt
        self.updatedAt = updatedAt
        self.locked = locked
    }

    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: JSONKey.self)
        self.number = try container.decode(Int.self, forKey: "number")
        self.title = try container.decode(String.self, forKey: "title")
        self.createdAt = try container.decode(Date.self, forKey: "created_at", format: .iso8601)
        self.updatedAt = try container.decodeIfPresent(Date.self, forKey: "updated_at", format: .iso8601)
        self.locked = try container.decode(Bool.self, forKey: "locked")
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: JSONKey.self)
        try container.encode(number, forKey: "number")
        try container.encode(title, forKey: "title")
        try container.encode(createdAt, forKey: "created_at", format: .iso8601)
        try container.encodeIfPresent(updatedAt, forKey: "updated_at", format: .iso8601)
        try container.encode(locked, forKey: "locked")
    }
}
