/// A message with Block Kit blocks, passed through as they came.
public struct Message: Codable, Equatable, Sendable {
    public var text: String
    public var blocks: [JSONValue]
    public var metadata: JSONValue
    public var reactions: [String: Int]
    public var attachments: [String: [JSONValue]]?

    public init(
        text: String,
        blocks: [JSONValue],
        metadata: JSONValue = ["event_type": "none"],
        reactions: [String: Int],
        attachments: [String: [JSONValue]]? = nil
    ) {
        self.text = text
        self.blocks = blocks
        self.metadata = metadata
        self.reactions = reactions
        self.attachments = attachments
    }

    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: JSONKey.self)
        self.text = try container.decode(String.self, forKey: "text")
        self.blocks = try container.decode([JSONValue].self, forKey: "blocks")
        self.metadata = try container.decodeIfPresent(JSONValue.self, forKey: "metadata") ?? ["event_type": "none"]
        self.reactions = try container.decode([String: Int].self, forKey: "reactions")
        self.attachments = try container.decodeIfPresent([String: [JSONValue]].self, forKey: "attachments")
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: JSONKey.self)
        try container.encode(text, forKey: "text")
        try container.encode(blocks, forKey: "blocks")
        try container.encode(metadata, forKey: "metadata")
        try container.encode(reactions, forKey: "reactions")
        try container.encodeIfPresent(attachments, forKey: "attachments")
    }
}
