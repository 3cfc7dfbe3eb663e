public struct Thing: Decodable, Sendable {
    public let id: Int

    @available(*, deprecated, message: "use name")
    public var oldName: String? { _oldName }

    fileprivate let _oldName: String?
    public let name: String

    @available(*, deprecated)
    public var created: Date { _created }

    @DateCoded<SecondsSince1970Format, Date> fileprivate var _created: Date

    public init(id: Int, oldName: String? = nil, name: String, created: Date) {
        self.id = id
        self._oldName = oldName
        self.name = name
        self._created = created
    }

    private enum CodingKeys: String, CodingKey {
        case id, _oldName = "old_name", name, _created = "created"
    }
}
