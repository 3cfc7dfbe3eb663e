extension TagPost.Input {
    /// A sample input of `TagPost`, for previews and tests.
    public static var sample: Self {
        Self(id: 1, tags: ["string", "string1", "string2"], weights: [10, 11], colors: [.red, .green])
    }
}
