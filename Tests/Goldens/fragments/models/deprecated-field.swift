public struct Thing: Decodable, Sendable {
    public let id: Int

    @available(*, deprecated, message: "use name")
    public var oldName: String? { _oldName }

    fileprivate let _oldName: String?
    public let name: String

    @available(*, deprecated)
    public var created: Date { _created }

    fileprivate let _created: Date

    public init(id: Int, name: String, created: Date) {
        (self.id, self._oldName, self.name, self._created) = (id, nil, name, created)
    }

    @available(*, deprecated, message: "sets 'oldName', which is deprecated")
    public init(id: Int, oldName: String? = nil, name: String, created: Date) {
        (self.id, self._oldName, self.name, self._created) = (id, oldName, name, created)
    }

    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: JSONKey.self)
        self.id = try container.decode(Int.self, forKey: "id")
        self._oldName = try container.decodeIfPresent(String.self, forKey: "old_name")
        self.name = try container.decode(String.self, forKey: "name")
        self._created = try container.decode(Date.self, forKey: "created", format: .secondsSince1970)
    }
}
