public struct DeletedCustomer: Decodable, Sendable {
    public let id: String

    /// Always true for a deleted object.
    public let deleted: Bool

    public let archived: Bool?
    public let flag: Bool?
    public let priority: DeletedCustomerPriority?
    public let ratio: Double?
    public let state: DeletedCustomerState?
    public let console: DeletedCustomerConsole
    public let level: DeletedCustomerLevel?
    public let size: JSONValue?
    public let verified: Bool?

    public init(
        id: String,
        deleted: Bool,
        archived: Bool? = nil,
        flag: Bool? = nil,
        priority: DeletedCustomerPriority? = nil,
        ratio: Double? = nil,
        state: DeletedCustomerState? = nil,
        console: DeletedCustomerConsole,
        level: DeletedCustomerLevel? = nil,
        size: JSONValue? = nil,
        verified: Bool? = nil
    ) {
        self.id = id
        self.deleted = deleted
        self.archived = archived
        self.flag = flag
        self.priority = priority
        self.ratio = ratio
        self.state = state
        self.console = console
        self.level = level
        self.size = size
        self.verified = verified
    }

    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: JSONKey.self)
        self.id = try container.decode(String.self, forKey: "id")
        self.deleted = try container.decode(Bool.self, forKey: "deleted")
        self.archived = try container.decodeIfPresent(Bool.self, forKey: "archived")
        self.flag = try container.decodeIfPresent(Bool.self, forKey: "flag")
        self.priority = try container.decodeIfPresent(DeletedCustomerPriority.self, forKey: "priority")
        self.ratio = try container.decodeIfPresent(Double.self, forKey: "ratio")
        self.state = try container.decode(DeletedCustomerState?.self, forKey: "state")
        self.console = try container.decode(DeletedCustomerConsole.self, forKey: "console")
        self.level = try container.decodeIfPresent(DeletedCustomerLevel.self, forKey: "level")
        self.size = try container.decodeIfPresent(JSONValue.self, forKey: "size")
        self.verified = try container.decodeIfPresent(Bool.self, forKey: "verified")
    }
}
