extension Listing {
    /// A sample `Listing`, for previews and tests.
    public static var sample: Self {
        .owned(Owned(id: 1, owner: "string"))
    }
}
