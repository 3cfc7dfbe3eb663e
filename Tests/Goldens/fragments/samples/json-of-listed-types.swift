extension Reading {
    /// A sample `Reading`, for previews and tests.
    public static var sample: Self {
        Self(cleared: .null, value: "string", flag: .value(true), anything: ["key": "value"])
    }

    /// Another sample `Reading`: `null` where a value may be, and each union's last member.
    public static var fullSample: Self {
        Self(cleared: .null, value: "string", flag: .null, anything: ["key": "value"])
    }
}
