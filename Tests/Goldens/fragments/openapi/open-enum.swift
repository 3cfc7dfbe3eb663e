public struct Diet: OpenEnum {
    public static let herbivore = Self("herbivore")
    public static let carnivore = Self("carnivore")
    public static let omnivore = Self("omnivore")

    /// The value as the API writes it.
    public let rawValue: String

    public init(rawValue: String) {
        self.rawValue = rawValue
    }
}
