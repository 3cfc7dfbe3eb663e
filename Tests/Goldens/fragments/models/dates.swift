public struct Event: Codable, Equatable, Sendable {
    public var starts: Date
    public var ends: Date?
    public var day: Date
    public var reminders: [Date]

    public init(starts: Date, ends: Date? = nil, day: Date, reminders: [Date]) {
        (self.starts, self.ends, self.day, self.reminders) = (starts, ends, day, reminders)
    }

    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: JSONKey.self)
        self.starts = try container.decode(Date.self, forKey: "starts", format: .millisecondsSince1970)
        self.ends = try container.decodeIfPresent(Date.self, forKey: "ends", format: .millisecondsSince1970)
        self.day = try container.decode(Date.self, forKey: "day", format: .pattern("yyyy-MM-dd"))
        self.reminders = try container.decode([Date].self, forKey: "reminders", format: .millisecondsSince1970)
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: JSONKey.self)
        try container.encode(starts, forKey: "starts", format: .millisecondsSince1970)
        try container.encodeIfPresent(ends, forKey: "ends", format: .millisecondsSince1970)
        try container.encode(day, forKey: "day", format: .pattern("yyyy-MM-dd"))
        try container.encode(reminders, forKey: "reminders", format: .millisecondsSince1970)
    }
}
