/// Whether a customer is exempt from tax; Stripe writes "" for an unset value.
public struct TaxExempt: OpenEnum {
    public static var noneValue: Self { Self("none") }
    public static var exempt: Self { Self("exempt") }
    public static var reverse: Self { Self("reverse") }
    public static var empty: Self { Self("") }

    /// The value as the API writes it.
    public let rawValue: String

    public init(rawValue: String) {
        self.rawValue = rawValue
    }
}
