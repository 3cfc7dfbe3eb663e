public struct Upload: Encodable, Sendable {
    public var takenAt: Date?
    public var bytes: String?
    public var tags: [String]?
    public var anything: [JSONValue]?
    public var kind: String?
    public var removed: JSONValue?

    /// The object's other keys, with their values.
    public var additionalProperties: [String: String]

    public init(
        takenAt: Date? = nil,
        bytes: String? = nil,
        tags: [String]? = nil,
        anything: [JSONValue]? = nil,
        kind: String? = nil,
        removed: JSONValue? = nil,
        additionalProperties: [String: String] = [:]
    ) {
        self.takenAt = takenAt
        self.bytes = bytes
        self.tags = tags
        self.anything = anything
        self.kind = kind
        self.removed = removed
        self.additionalProperties = additionalProperties
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: JSONKey.self)
        try container.encodeIfPresent(takenAt, forKey: "takenAt", format: .iso8601)
        try container.encodeIfPresent(bytes, forKey: "bytes")
        try container.encodeIfPresent(tags, forKey: "tags")
        try container.encodeIfPresent(anything, forKey: "anything")
        try container.encodeIfPresent(kind, forKey: "kind")
        try container.encodeIfPresent(removed, forKey: "removed")
        try container.encodeAdditionalProperties(additionalProperties, declared: ["takenAt", "bytes", "tags", "anything", "kind", "removed"])
    }
}
