/// `GET /events`
public struct ListEvents: Strategy {
    public typealias Output = ListEventsOutput

    public struct Input: Sendable {
        /// Only events that happened before this time, e.g. 2024-01-01T00:00:00Z.
        public var before: String?

        public init(before: String? = nil) {
            self.before = before
        }
    }

    public init() {}

    public func endpoint(for input: Input) -> Endpoint {
        Endpoint(.get, "/events", query: ["before": input.before], headers: ["Accept": "application/json"])
    }
}
