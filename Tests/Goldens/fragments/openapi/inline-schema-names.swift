public struct GetAnimalOutput: Decodable, Sendable {
    public let name: String
    public let keeper: GetAnimalOutputKeeper?

    public init(name: String, keeper: GetAnimalOutputKeeper? = nil) {
        (self.name, self.keeper) = (name, keeper)
    }

    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: JSONKey.self)
        self.name = try container.decode(String.self, forKey: "name")
        self.keeper = try container.decodeIfPresent(GetAnimalOutputKeeper.self, forKey: "keeper")
    }
}
