/// `GET /posts/{ids}`
public struct ListPosts: Strategy {
    public typealias Output = Void

    public struct Input: Sendable {
        public var ids: [Int]
        public var sort: [String]?
        public var tag: [String]?
        public var words: [String]?
        public var flags: [String]?

        /// The columns.
        ///
        /// Tab-separated values (Swagger's `collectionFormat: tsv`): the values joined with tabs.
        public var columns: String?

        public var xFields: [String]?

        public init(
            ids: [Int],
            sort: [String]? = nil,
            tag: [String]? = nil,
            words: [String]? = nil,
            flags: [String]? = nil,
            columns: String? = nil,
            xFields: [String]? = nil
        ) {
            self.ids = ids
            self.sort = sort
            self.tag = tag
            self.words = words
            self.flags = flags
            self.columns = columns
            self.xFields = xFields
        }
    }

    public init() {}

    public func endpoint(for input: Input) -> Endpoint {
        Endpoint(
            .get,
            "/posts/\(Styled(input.ids, .simple))",
            query: [
                "_sort": ArrayStyled(input.sort, .commaSeparated),
                "tag": input.tag,
                "words": Styled(input.words, .spaceDelimited),
                "flags": Styled(input.flags, .pipeDelimited),
                "columns": input.columns,
            ],
            headers: ["X-Fields": input.xFields.map { Styled($0, .simple) }]
        )
    }
}
