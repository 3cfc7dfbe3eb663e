/// What a user chose; other keys are set by extensions.
public struct Settings: Decodable, Sendable {
    public let theme: String?
    public let additionalProperties: Bool?

    /// The object's other keys, with their values.
    public let otherProperties: [String: JSONValue]

    public init(
        theme: String? = nil,
        additionalProperties: Bool? = nil,
        otherProperties: [String: JSONValue] = [:]
    ) {
        self.theme = theme
        self.additionalProperties = additionalProperties
        self.otherProperties = otherProperties
    }

    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: JSONKey.self)
        self.theme = try container.decodeIfPresent(String.self, forKey: "theme")
        self.additionalProperties = try container.decodeIfPresent(Bool.self, forKey: "additionalProperties")
        self.otherProperties = try container.decodeAdditionalProperties(JSONValue.self, declared: ["theme", "additionalProperties"])
    }
}
