public struct Dog: Decodable, Sendable {
    public let name: String
    public let age: Int
    public let breed: String

    public init(name: String, age: Int, breed: String) {
        (self.name, self.age, self.breed) = (name, age, breed)
    }

    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: JSONKey.self)
        self.name = try container.decode(String.self, forKey: "name")
        self.age = try container.decode(Int.self, forKey: "age")
        self.breed = try container.decode(String.self, forKey: "breed")
    }
}
