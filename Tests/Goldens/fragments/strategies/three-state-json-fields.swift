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

    private struct Body: Encodable {
        var title: String?
        var milestone: Nullable<Int>

        init(title: String? = nil, milestone: Nullable<Int> = .absent) {
            (self.title, self.milestone) = (title, milestone)
        }

        func encode(to encoder: any Encoder) throws {
            var container = encoder.container(keyedBy: JSONKey.self)
            try container.encodeIfPresent(title, forKey: "title")
            try container.encode(milestone, forKey: "milestone")
        }
    }

    public init() {}

    public func endpoint(for input: Input) throws -> Endpoint {
        Endpoint(
            .patch,
            "/issues/\(input.number)",
            body: try .json(Body(title: input.title, milestone: input.milestone))
        )
    }
}
