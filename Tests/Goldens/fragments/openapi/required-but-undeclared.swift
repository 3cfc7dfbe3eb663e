public struct Invitation: Encodable, Sendable {
    public var login: String
    public var id: JSONValue

    public init(login: String, id: JSONValue) {
        (self.login, self.id) = (login, id)
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: JSONKey.self)
        try container.encode(login, forKey: "login")
        try container.encode(id, forKey: "id")
    }
}
