/// Whether a customer is exempt from tax; Stripe writes "" for an unset value.
public struct TaxExempt: OpenEnum {
    public static let noneValue = Self("none")
    public static let exempt = Self("exempt")
    public static let reverse = Self("reverse")
    public static let empty = Self("")

    /// The value as the API writes it.
    public let rawValue: String

    public init(rawValue: String) {
        self.rawValue = rawValue
    }
}
