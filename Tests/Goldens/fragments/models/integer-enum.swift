/// How soon it is needed.
public struct Priority: OpenEnum {
    public static var low: Self { Self(1) }
    public static var normal: Self { Self(2) }
    public static var urgent: Self { Self(3) }

    /// The value as the API writes it.
    public let rawValue: Int

    public init(rawValue: Int) {
        self.rawValue = rawValue
    }
}
