public struct NewPet: Encodable, Sendable {
    public var id: Int?
    public var name: String
    public var tag: String?

    /// The object's other keys, with their values.
    public var additionalProperties: [String: JSONValue]

    public init(
        id: Int? = nil,
        name: String,
        tag: String? = nil,
        additionalProperties: [String: JSONValue] = [:]
    ) {
        (self.id, self.name, self.tag, self.additionalProperties) = (id, name, tag, additionalProperties)
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: JSONKey.self)
        try container.encodeIfPresent(id, forKey: "id")
        try container.encode(name, forKey: "name")
        try container.encode(tag, forKey: "tag")
        try container.encodeAdditionalProperties(additionalProperties, declared: ["id", "name", "tag"])
    }
}
