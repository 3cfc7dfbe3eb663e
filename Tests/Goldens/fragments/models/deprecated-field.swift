public struct Thing: Codable, Equatable, Sendable {
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

    @DateCoded<SecondsSince1970Format, Date> fileprivate var _created: Date

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
}
