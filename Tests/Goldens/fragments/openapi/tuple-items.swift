public struct Replies: Decodable, Sendable {
    public let messages: [JSONValue]
    public let pair: [JSONValue]?

    public init(messages: [JSONValue], pair: [JSONValue]? = nil) {
        (self.messages, self.pair) = (messages, pair)
    }

    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: JSONKey.self)
        self.messages = try container.decode([JSONValue].self, forKey: "messages")
        self.pair = try container.decodeIfPresent([JSONValue].self, forKey: "pair")
    }
}
