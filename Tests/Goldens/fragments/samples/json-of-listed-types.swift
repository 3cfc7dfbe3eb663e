extension Reading {
    /// A sample `Reading`, for previews and tests.
    public static var sample: Self {
        Self(cleared: .null, value: "string", flag: .value(true), anything: [:])
    }
}
