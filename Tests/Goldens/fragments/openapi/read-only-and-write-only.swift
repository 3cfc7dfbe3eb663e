public struct Keeper: Codable, Sendable {
    public var id: Int?
    public var name: String
    public var password: String?

    public init(id: Int? = nil, name: String, password: String? = nil) {
        (self.id, self.name, self.password) = (id, name, password)
    }

    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: JSONKey.self)
        self.id = try container.decodeIfPresent(Int.self, forKey: "id")
        self.name = try container.decode(String.self, forKey: "name")
        self.password = try container.decodeIfPresent(String.self, forKey: "password")
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: JSONKey.self)
        try container.encode(name, forKey: "name")
        try container.encodeIfPresent(password, forKey: "password")
    }
}
