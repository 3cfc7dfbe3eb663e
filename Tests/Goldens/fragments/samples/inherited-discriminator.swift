extension Cat {
    /// A sample `Cat`, for previews and tests.
    public static var sample: Self {
        Self(petType: "cat", hunts: true)
    }
}
