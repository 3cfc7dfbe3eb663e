extension SearchPets.Input {
    /// A sample input of `SearchPets`, for previews and tests.
    public static var sample: Self {
        Self(kind: [.dog], limit: 1, since: Date(timeIntervalSince1970: 1704153600), xTrace: "string")
    }
}
