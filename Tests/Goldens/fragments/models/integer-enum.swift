/// How soon it is needed.
public struct Priority: OpenEnum {
    public static let low = Self(1)
    public static let normal = Self(2)
    public static let urgent = Self(3)

    /// The value as the API writes it.
    public let rawValue: Int

    public init(rawValue: Int) {
        self.rawValue = rawValue
    }
}
