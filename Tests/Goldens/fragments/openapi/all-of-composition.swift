public struct NewAnimal: Encodable, Sendable {
    public var name: String
    public var legs: Int32?

    public init(name: String, legs: Int32? = nil) {
        (self.name, self.legs) = (name, legs)
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: JSONKey.self)
        try container.encode(name, forKey: "name")
        try container.encodeIfPresent(legs, forKey: "legs")
    }
}
