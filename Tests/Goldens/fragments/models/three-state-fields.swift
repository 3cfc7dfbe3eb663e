/// What to change in an issue; a field left out stays as it is.
public struct IssueChange: Codable, Equatable, Sendable {
    public var title: String?

    /// The milestone's number; null removes it.
    public var milestone: Nullable<Int>

    public var dueOn: Nullable<Date>
    public var reminders: Nullable<[Date]>

    public init(
        title: String? = nil,
        milestone: Nullable<Int> = .absent,
        dueOn: Nullable<Date> = .absent,
        reminders: Nullable<[Date]> = .absent
    ) {
        (self.title, self.milestone, self.dueOn, self.reminders) = (title, milestone, dueOn, reminders)
    }

    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: JSONKey.self)
        self.title = try container.decodeIfPresent(String.self, forKey: "title")
        self.milestone = try container.decode(Nullable<Int>.self, forKey: "milestone")
        self.dueOn = try container.decode(Nullable<Date>.self, forKey: "due_on", format: .iso8601)
        self.reminders = try container.decode(Nullable<[Date]>.self, forKey: "reminders", format: .secondsSince1970)
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: JSONKey.self)
        try container.encodeIfPresent(title, forKey: "title")
        try container.encode(milestone, forKey: "milestone")
        try container.encode(dueOn, forKey: "due_on", format: .iso8601)
        try container.encode(reminders, forKey: "reminders", format: .secondsSince1970)
    }
}
