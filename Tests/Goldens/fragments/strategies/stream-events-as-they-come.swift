/// `GET /jobs/events`
public struct WatchJobs: StreamingStrategy {
    public typealias Output = Data

    public struct Input: Sendable {
        public var since: String?

        public init(since: String? = nil) {
            self.since = since
        }
    }

    public init() {}

    public var streamFormat: StreamFormat<ServerSentEvent> { .serverSentEvents() }

    public func endpoint(for input: Input) -> Endpoint {
        Endpoint(.get, "/jobs/events", query: ["since": input.since])
    }
}
