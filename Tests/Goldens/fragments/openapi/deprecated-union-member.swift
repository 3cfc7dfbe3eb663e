public enum ToolChoice: Encodable, Sendable {
    case namedTool(NamedTool)

    @available(*, deprecated, message: "uses the deprecated model 'LegacyFunction'")
    case legacyFunction(LegacyFunction)

    @available(*, deprecated)
    public func encode(to encoder: any Encoder) throws {
        switch self {
        case .namedTool(let value):
            try value.encode(to: encoder)
        case .legacyFunction(let value):
            try value.encode(to: encoder)
        }
    }
}
