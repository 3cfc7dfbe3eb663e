/// `PATCH /issues/{number}`
public struct UpdateIssue: Strategy {
    public typealias Output = Void

    public struct Input: Sendable {
        public var number: Int
        public var title: String?

        /// The milestone's number; null removes it.
        public var milestone: Nullable<Int>

        public var assignee: Nullable<String>

        public init(
            number: Int,
            title: String? = nil,
            milestone: Nullable<Int> = .absent,
            assignee: Nullable<String> = .absent
        ) {
            (self.number, self.title, self.milestone, self.assignee) = (number, title, milestone, assignee)
        }
    }

    public init() {}

    public func endpoint(for input: Input) throws -> Endpoint {
        let body = try RequestBody.jsonObject { object in
            try object.encodeIfPresent(input.title, forKey: "title")
            try object.encode(input.milestone, forKey: "milestone")
            try object.encode(input.assignee, forKey: "assignee")
        }
        return Endpoint(.patch, "/issues/\(input.number)", body: body)
    }
}
