/// How soon it is needed.
public enum Priority: Codable, Hashable, Sendable, RawRepresentable, ParameterValue {
    case low
    case normal
    case urgent
    /// A value this spec doesn't list.
    case unknown(Int)

    public init(rawValue: Int) {
        switch rawValue {
        case 1:
            self = .low
        case 2:
            self = .normal
        case 3:
            self = .urgent
        default:
            self = .unknown(rawValue)
        }
    }

    public var rawValue: Int {
        switch self {
        case .low:
            1
        case .normal:
            2
        case .urgent:
            3
        case .unknown(let rawValue):
            rawValue
        }
    }

    public init(from decoder: any Decoder) throws {
        self.init(rawValue: try decoder.singleValueContainer().decode(Int.self))
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        try container.encode(rawValue)
    }
}
