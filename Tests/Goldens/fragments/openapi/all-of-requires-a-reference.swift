public struct NewPet: Encodable, Sendable {
    public var name: String
    public var tag: String?

    /// The object's other keys, with their values.
    public var additionalProperties: [String: JSONValue]

    public init(name: String, tag: String? = nil, additionalProperties: [String: JSONValue] = [:]) {
        (self.name, self.tag, self.additionalProperties) = (name, tag, additionalProperties)
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: JSONKey.self)
        try container.encode(name, forKey: "name")
        try container.encode(tag, forKey: "tag")
        try container.encodeAdditionalProperties(additionalProperties, declared: ["name", "tag"])
    }
}
