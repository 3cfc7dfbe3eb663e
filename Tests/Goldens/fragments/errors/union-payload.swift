/// What a 422 says is wrong, as a message alone or with the fields it concerns.
public enum Problem: Decodable, Equatable, Sendable {
    case string(String)
    case fieldProblems(FieldProblems)

    public init(from decoder: any Decoder) throws {
        if let value = try? String(from: decoder) {
            self = .string(value)
            return
        }
        self = .fieldProblems(try FieldProblems(from: decoder))
    }
}
