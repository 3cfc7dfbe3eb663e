/// `GET /jobs/{job_id}/events`
public struct ListJobEvents: PaginatedStrategy {
    public typealias Output = ListJobEventsOutput

    public struct Input: Sendable {
        public var jobId: String

        /// Identifier for the last event from the previous pagination request.
        public var after: String?

        public var limit: Int?

        public init(jobId: String, after: String? = nil, limit: Int? = nil) {
            (self.jobId, self.after, self.limit) = (jobId, after, limit)
        }
    }

    public init() {}

    public var pagination: Pagination<Input> { .afterLastItem(\.after, items: "data") }

    public func items(of output: ListJobEventsOutput) -> [ListJobEventsOutputDataItem] {
        output.data
    }

    public func endpoint(for input: Input) -> Endpoint {
        Endpoint(
            .get,
            "/jobs/\(input.jobId)/events",
            query: ["after": input.after, "limit": input.limit],
            headers: ["Accept": "application/json"]
        )
    }
}
