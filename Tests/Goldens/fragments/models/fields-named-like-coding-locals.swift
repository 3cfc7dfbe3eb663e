public struct Shipment: Codable, Equatable, Sendable {
    public var container: String
    public var encoder: String?
    public var decoder: Int

    public init(container: String, encoder: String? = nil, decoder: Int) {
        (self.container, self.encoder, self.decoder) = (container, encoder, decoder)
    }

    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: JSONKey.self)
        self.container = try container.decode(String.self, forKey: "container")
        self.encoder = try container.decodeIfPresent(String.self, forKey: "encoder")
        self.decoder = try container.decode(Int.self, forKey: "decoder")
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: JSONKey.self)
        try container.encode(self.container, forKey: "container")
        try container.encodeIfPresent(self.encoder, forKey: "encoder")
        try container.encode(decoder, forKey: "decoder")
    }
}
