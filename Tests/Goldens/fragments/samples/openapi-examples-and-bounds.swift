extension Pet {
    /// A sample `Pet`, for previews and tests.
    public static var sample: Self {
        Self(
            name: "Rex",
            email: "user@example.com",
            nickname: "stringssss",
            age: 3,
            weight: 5.5,
            born: Date(timeIntervalSince1970: 1589673600),
            id: UUID(uuidString: "123e4567-e89b-12d3-a456-426614174000")!,
            tags: ["good", "good"],
            size: .large,
            home: "https://example.com",
            code: "AA-111x",
            slug: "a"
        )
    }
}
