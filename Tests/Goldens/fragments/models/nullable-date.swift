public struct Milestone: Codable, Equatable, Sendable {
    public var title: String
    public var dueOn: Date?
    public var closedOn: [Date]?

    public init(title: String, dueOn: Date? = nil, closedOn: [Date]? = nil) {
        (self.title, self.dueOn, self.closedOn) = (title, dueOn, closedOn)
    }

    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: JSONKey.self)
        self.title = try container.decode(String.self, forKey: "title")
        self.dueOn = try container.decode(Date?.self, forKey: "due_on", format: .iso8601)
        self.closedOn = try container.decode([Date]?.self, forKey: "closed_on", format: .pattern("yyyy-MM-dd"))
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: JSONKey.self)
        try container.encode(title, forKey: "title")
        try container.encode(dueOn, forKey: "due_on", format: .iso8601)
        try container.encode(closedOn, forKey: "closed_on", format: .pattern("yyyy-MM-dd"))
    }
}
