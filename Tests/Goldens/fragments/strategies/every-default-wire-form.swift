/// `POST /reports`
public struct PostReport: Strategy {
    public typealias Output = Void

    public struct Input: Sendable {
        public var since: Date
        public var tags: [String]
        public var draft: Bool
        public var until: Date
        public var labels: [String]
        public var `public`: Bool?

        public init(
            since: Date,
            tags: [String],
            draft: Bool,
            until: Date,
            labels: [String],
            `public`: Bool? = nil
        ) {
            self.since = since
            self.tags = tags
            self.draft = draft
            self.until = until
            self.labels = labels
            self.`public` = `public`
        }
    }

    public init() {}

    public func endpoint(for input: Input) -> Endpoint {
        Endpoint(
            .post,
            "/reports",
            query: ["since": input.since, "tags": input.tags, "draft": input.draft],
            queryEncoding: QueryEncoding(arrays: .commaSeparated, bools: .digit, dates: .secondsSince1970),
            body: .form([
                "until": input.until,
                "labels": input.labels,
                "public": input.`public`,
            ], encoding: QueryEncoding(arrays: .commaSeparated, bools: .digit, dates: .secondsSince1970))
        )
    }
}
