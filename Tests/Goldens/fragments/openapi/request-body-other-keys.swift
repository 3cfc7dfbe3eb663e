public struct TagTrackBody: Encodable, Sendable {
    public var track: String

    /// The object's other keys, with their values.
    public var additionalProperties: [String: Int]

    public init(track: String, additionalProperties: [String: Int] = [:]) {
        (self.track, self.additionalProperties) = (track, additionalProperties)
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: JSONKey.self)
        try container.encode(track, forKey: "track")
        try container.encodeAdditionalProperties(additionalProperties, declared: ["track"])
    }
}
