extension InlinePolicyChange {
    /// A sample `InlinePolicyChange`, for previews and tests.
    public static var sample: Self {
        Self(changeType: "inline_policy", status: "applied", version: "2012-10-17")
    }
}
