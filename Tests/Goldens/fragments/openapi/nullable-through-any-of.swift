public struct Enclosure: Decodable, Sendable {
    public let keeper: Keeper?

    public init(keeper: Keeper? = nil) {
        self.keeper = keeper
    }

    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: JSONKey.self)
        self.keeper = try container.decode(Keeper?.self, forKey: "keeper")
    }
}
