extension CreateProfile.Input {
    /// A sample input of `CreateProfile`, for previews and tests.
    public static var sample: Self {
        Self(id: "string", name: "string", nickname: "string", bio: .value("string"), address: .sample)
    }

    /// Another sample input of `CreateProfile`: `null` where a value may be, and each union's last member.
    public static var fullSample: Self {
        Self(id: "string", name: "string", nickname: nil, bio: .null, address: .fullSample)
    }
}
