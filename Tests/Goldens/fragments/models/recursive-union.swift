/// A number, or an operation on two expressions.
public indirect enum Expression: Codable, Sendable {
    case int(Int)
    case operation(Operation)

    public init(from decoder: any Decoder) throws {
        if let value = try? Int(from: decoder) {
            self = .int(value)
            return
        }
        self = .operation(try Operation(from: decoder))
    }

    public func encode(to encoder: any Encoder) throws {
        switch self {
        case .int(let value):
            try value.encode(to: encoder)
        case .operation(let value):
            try value.encode(to: encoder)
        }
    }
}
