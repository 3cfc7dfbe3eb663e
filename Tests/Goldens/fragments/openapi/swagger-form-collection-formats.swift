/// `POST /posts`
public struct AddPost: Strategy {
    public typealias Output = Void

    public struct Input: Sendable {
        public var title: String
        public var tags: [String]?
        public var authors: [String]?

        /// Tab-separated values (Swagger's `collectionFormat: tsv`): the values joined with tabs.
        public var notes: String?

        public init(title: String, tags: [String]? = nil, authors: [String]? = nil, notes: String? = nil) {
            (self.title, self.tags, self.authors, self.notes) = (title, tags, authors, notes)
        }
    }

    public init() {}

    public func endpoint(for input: Input) -> Endpoint {
        Endpoint(
            .post,
            "/posts",
            body: .form([
                "title": input.title,
                "tags": ArrayStyled(input.tags, .commaSeparated),
                "authors": input.authors,
                "notes": input.notes,
            ])
        )
    }
}
