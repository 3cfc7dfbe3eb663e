extension Folder {
    /// A sample `Folder`, for previews and tests.
    public static var sample: Self {
        Self(name: "string", children: [], owner: .sample)
    }
}
