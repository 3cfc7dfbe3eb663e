public struct Diet: OpenEnum {
    public static var herbivore: Self { Self("herbivore") }
    public static var carnivore: Self { Self("carnivore") }
    public static var omnivore: Self { Self("omnivore") }

    /// The value as the API writes it.
    public let rawValue: String

    public init(rawValue: String) {
        self.rawValue = rawValue
    }
}
