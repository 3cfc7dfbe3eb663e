public struct Event: Decodable, Sendable {
    public let name: String

    /// Whatever the source sent.
    public let payload: JSONValue

    public let context: [String: JSONValue]?
    public let tags: [String: JSONValue]?

    public init(
        name: String,
        payload: JSONValue,
        context: [String: JSONValue]? = nil,
        tags: [String: JSONValue]? = nil
    ) {
        (self.name, self.payload, self.context, self.tags) = (name, payload, context, tags)
    }

    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: JSONKey.self)
        self.name = try container.decode(String.self, forKey: "name")
        self.payload = try container.decode(JSONValue.self, forKey: "payload")
        self.context = try container.decodeIfPresent([String: JSONValue].self, forKey: "context")
        self.tags = try container.decodeIfPresent([String: JSONValue].self, forKey: "tags")
    }
}
