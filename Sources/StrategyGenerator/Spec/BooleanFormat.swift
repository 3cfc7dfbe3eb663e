/// How a `Bool` parameter (a query item, header, path segment or form field) is written.
public enum BooleanFormat: String, CaseIterable, Hashable, Sendable {
    /// `true` and `false`.
    case words
    /// `1` and `0`.
    case digits
}
