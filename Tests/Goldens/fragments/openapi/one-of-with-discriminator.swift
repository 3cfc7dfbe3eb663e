/// A cat or a dog, told apart by kind.
public enum Animal: Decodable, Sendable {
    case cat(Cat)
    case dog(Dog)
    /// A kind this spec doesn't list, as it came.
    case unknown(JSONValue)

    public init(from decoder: any Decoder) throws {
        switch try decoder.container(keyedBy: JSONKey.self).decode(String.self, forKey: "kind") {
        case "cat":
            self = .cat(try Cat(from: decoder))
        case "Dog":
            self = .dog(try Dog(from: decoder))
        default:
            self = .unknown(try JSONValue(from: decoder))
        }
    }
}
