extension SwiftName {
    /// The Swift name of an enum model's value, when the spec doesn't give one: derived as a
    /// wire name is (`on hold` → `onHold`), with two exceptions. The empty value becomes `empty`,
    /// and a value that would become `none` or `some` gets `Value` after it (`noneValue`), since
    /// `status == .none` on an optional status would compare with `Optional.none` instead.
    public static func enumCase(_ value: String) -> String {
        if value.isEmpty { return "empty" }
        let name = member(value)
        return optionalCases.contains(name) ? name + "Value" : name
    }

    /// The cases of `Optional`, which an enum model's value can't be called.
    static let optionalCases: Set<String> = ["none", "some"]
}
