public struct Tag: Codable, Equatable, Sendable {
    public var id: UUID
    public var label: String
    public var weights: [String: Double]

    public init(id: UUID, label: String, weights: [String: Double]) {
        (self.id, self.label, self.weights) = (id, label, weights)
    }

    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: JSONKey.self)
        self.id = try container.decode(UUID.self, forKey: "id")
        self.label = try container.decode(String.self, forKey: "label")
        self.weights = try container.decode([String: Double].self, forKey: "weights")
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: JSONKey.self)
        try container.encode(id, forKey: "id")
        try container.encode(label, forKey: "label")
        try container.encode(weights, forKey: "weights")
    }
}
