extension Listing {
    /// A sample `Listing`, for previews and tests.
    public static var sample: Self {
        .owned(Owned(id: 1, owner: "string"))
    }

    /// Another sample `Listing`: `null` where a value may be, and each union's last member.
    public static var fullSample: Self {
        .permitted(.sample)
    }
}
