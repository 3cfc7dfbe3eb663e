public enum NewDoc: Encodable, Sendable {
    case newDocByCategoryId(NewDocByCategoryId)
    case newDocByCategorySlug(NewDocByCategorySlug)

    public func encode(to encoder: any Encoder) throws {
        switch self {
        case .newDocByCategoryId(let value):
            try value.encode(to: encoder)
        case .newDocByCategorySlug(let value):
            try value.encode(to: encoder)
        }
    }
}
