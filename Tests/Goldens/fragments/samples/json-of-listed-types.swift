extension Reading {
    /// A sample `Reading`, for previews and tests.
    public static var sample: Self {
        Self(cleared: .null, value: "string", flag: .value(true), anything: [:])
    }

    /// A sample `Reading` with every value that may be `null` sent as `null`.
    public static var fullSample: Self {
        Self(cleared: .null, value: "string", flag: .null, anything: [:])
    }
}
