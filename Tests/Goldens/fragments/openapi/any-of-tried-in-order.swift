/// A label's name, or the label itself.
public enum Label: Encodable, Sendable {
    case string(String)
    case fullLabel(FullLabel)

    public func encode(to encoder: any Encoder) throws {
        switch self {
        case .string(let value):
            try value.encode(to: encoder)
        case .fullLabel(let value):
            try value.encode(to: encoder)
        }
    }
}
