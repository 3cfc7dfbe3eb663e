/// `PATCH /issues/{number}`
public struct UpdateIssue: Strategy {
    public typealias Output = Void

    public struct Input: Sendable {
        public var number: Int
        public var title: String?
        public var milestone: Nullable<Int>

        public init(number: Int, title: String? = nil, milestone: Nullable<Int> = .absent) {
            (self.number, self.title, self.milestone) = (number, title, milestone)
        }
    }

    public init() {}

    public func endpoint(for input: Input) throws -> Endpoint {
        let body = try RequestBody.jsonObject { object in
            try object.encodeIfPresent(input.title, forKey: "title")
            try object.encode(input.milestone, forKey: "milestone")
        }
        return Endpoint(.patch, "/issues/\(input.number)", body: body)
    }
}
