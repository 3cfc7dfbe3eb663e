extension Item {
    /// A sample `Item`, for previews and tests.
    public static var sample: Self {
        Self(name: "Coffee", variations: [Item(name: "Large", variations: [])])
    }
}
