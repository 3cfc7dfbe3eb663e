public struct Tag: Codable, Equatable, Sendable {
    public var id: UUID
    public var label: String
    public var weights: [String: Double]

    public init(id: UUID, label: String, weights: [String: Double]) {
        self.id = id
        self.label = label
        self.weights = weights
    }
}
