extension CreateProfile.Input {
    /// A sample input of `CreateProfile`, for previews and tests.
    public static var sample: Self {
        Self(id: "string", name: "string", nickname: "string", bio: .value("string"), address: .sample)
    }

    /// A sample input of `CreateProfile` with every value that may be `null` sent as `null`.
    public static var fullSample: Self {
        Self(id: "string", name: "string", nickname: nil, bio: .null, address: .fullSample)
    }
}
