public struct Product: Codable, Sendable {
    public var id: String
    public var name: String?

    /// The object's other keys, with their values.
    public var additionalProperties: [String: String]

    public init(id: String, name: String? = nil, additionalProperties: [String: String] = [:]) {
        (self.id, self.name, self.additionalProperties) = (id, name, additionalProperties)
    }

    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: JSONKey.self)
        self.id = try container.decode(String.self, forKey: "id")
        self.name = try container.decodeIfPresent(String.self, forKey: "name")
        self.additionalProperties = try container.decodeAdditionalProperties(String.self, declared: ["id", "name"])
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: JSONKey.self)
        try container.encode(id, forKey: "id")
        try container.encodeIfPresent(name, forKey: "name")
        try container.encodeAdditionalProperties(additionalProperties, declared: ["id", "name"])
    }
}
