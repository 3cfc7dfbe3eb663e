@available(*, deprecated, message: "Use the item's dimensions.")
public struct Size: OpenEnum {
    public static let small = Self("small")
    public static let large = Self("large")

    /// The value as the API writes it.
    public let rawValue: String

    public init(rawValue: String) {
        self.rawValue = rawValue
    }
}
