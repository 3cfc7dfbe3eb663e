extension Folder {
    /// A sample `Folder`, for previews and tests.
    public static var sample: Self {
        Folder(name: "string", children: [], owner: .sample)
    }
}
