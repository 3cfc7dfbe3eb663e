public struct Thing: Codable, Hashable, Sendable {
    public var id: Int

    @available(*, deprecated, message: "use name")
    public var oldName: String? {
        get { _oldName }
        set { _oldName = newValue }
    }

    fileprivate var _oldName: String?
    public var name: String

    @available(*, deprecated)
    public var created: Date {
        get { _created }
        set { _created = newValue }
    }

    fileprivate var _created: Date

    public init(id: Int, oldName: String? = nil, name: String, created: Date) {
        self.id = id
        self._oldName = oldName
        self.name = name
        self._created = created
    }

    private enum CodingKeys: String, CodingKey {
        case id
        case _oldName = "old_name"
        case name
        case _created = "created"
    }

    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        self.id = try container.decode(Int.self, forKey: .id)
        self._oldName = try container.decodeIfPresent(String.self, forKey: ._oldName)
        self.name = try container.decode(String.self, forKey: .name)
        self._created = try container.decode(Date.self, forKey: ._created, format: .secondsSince1970)
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(id, forKey: .id)
        try container.encodeIfPresent(_oldName, forKey: ._oldName)
        try container.encode(name, forKey: .name)
        try container.encode(_created, forKey: ._created, format: .secondsSince1970)
    }
}
