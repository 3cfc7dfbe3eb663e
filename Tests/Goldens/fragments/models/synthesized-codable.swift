public struct Tag: Codable, Equatable, Sendable {
    public var id: UUID
    public var label: String
    public var weights: [String: Double]

    public init(id: UUID, label: String, weights: [String: Double]) {
        (self.id, self.label, self.weights) = (id, label, weights)
    }
}
