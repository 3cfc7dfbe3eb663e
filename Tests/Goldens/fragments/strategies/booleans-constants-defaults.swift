/// `GET /repos/{owner}/issues`
public struct ListIssues: Strategy {
    public typealias Output = [Issue]

    public struct Input: Sendable {
        public var owner: String

        /// Which issues to list.
        ///
        /// The server assumes `open` when it is not sent.
        public var state: String?

        public var pulls: Bool?
        public var locked: Bool
        public var verbose: Bool?
        public var labels: [Bool]?
        public var xDraft: Bool?

        public init(
            owner: String,
            state: String? = nil,
            pulls: Bool? = nil,
            locked: Bool,
            verbose: Bool? = nil,
            labels: [Bool]? = nil,
            xDraft: Bool? = nil
        ) {
            self.owner = owner
            self.state = state
            self.pulls = pulls
            self.locked = locked
            self.verbose = verbose
            self.labels = labels
            self.xDraft = xDraft
        }
    }

    public init() {}

    public func endpoint(for input: Input) -> Endpoint {
        Endpoint(
            .get,
            "/repos/\(input.owner)/issues",
            query: [
                "state": input.state,
                "pulls": input.pulls,
                "locked": input.locked,
                "verbose": input.verbose.map { $0 ? "true" : "false" },
                "labels": input.labels?.map { $0 ? "true" : "false" },
                "extended": "1",
            ],
            queryEncoding: QueryEncoding(bools: .digit),
            headers: [
                "X-Draft": input.xDraft.map { $0 ? "1" : "0" },
                "Accept": "application/json; charset=utf-8",
            ]
        )
    }
}
