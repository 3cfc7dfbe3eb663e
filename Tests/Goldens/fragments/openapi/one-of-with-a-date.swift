public enum CreateEventBodyAt: Encodable, Sendable {
    case date(Date)
    case int(Int)

    public func encode(to encoder: any Encoder) throws {
        switch self {
        case .date(let value):
            try value.encode(to: encoder, format: .iso8601)
        case .int(let value):
            try value.encode(to: encoder)
        }
    }
}
