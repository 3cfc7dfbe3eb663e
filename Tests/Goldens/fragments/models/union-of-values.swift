/// A label as a name alone, or with its details.
public enum Label: Codable, Equatable, Sendable {
    case string(String)
    case labelDetails(LabelDetails)
    case stringList([String])

    public init(from decoder: any Decoder) throws {
        if let value = try? String(from: decoder) {
            self = .string(value)
            return
        }
        if let value = try? LabelDetails(from: decoder) {
            self = .labelDetails(value)
            return
        }
        self = .stringList(try [String](from: decoder))
    }

    public func encode(to encoder: any Encoder) throws {
        switch self {
        case .string(let value):
            try value.encode(to: encoder)
        case .labelDetails(let value):
            try value.encode(to: encoder)
        case .stringList(let value):
            try value.encode(to: encoder)
        }
    }
}
