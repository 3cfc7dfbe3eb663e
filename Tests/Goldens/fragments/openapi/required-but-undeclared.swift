public struct Invitation: Encodable, Sendable {
    public var login: String
    public var message: String?
    public var id: JSONValue

    public init(login: String, message: String? = nil, id: JSONValue) {
        (self.login, self.message, self.id) = (login, message, id)
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: JSONKey.self)
        try container.encode(login, forKey: "login")
        try container.encodeIfPresent(message, forKey: "message")
        try container.encode(id, forKey: "id")
    }
}
