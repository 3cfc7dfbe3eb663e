@available(*, deprecated, message: "Use the item's dimensions.")
public struct Size: OpenEnum {
    public static var small: Self { Self("small") }
    public static var large: Self { Self("large") }

    /// The value as the API writes it.
    public let rawValue: String

    public init(rawValue: String) {
        self.rawValue = rawValue
    }
}
