/// `POST /workflows/{workflow_id}/dispatches`
public struct CreateWorkflowDispatch: Strategy {
    public typealias Output = Void

    public struct Input: Sendable {
        /// The ID of the workflow. You can also pass the workflow file name as a string.
        ///
        /// An integer or a string, written as text.
        public var workflowId: String

        /// An integer, a UUID or a Boolean, written as text.
        public var since: String?

        /// An integer or one of `low`, `high`, written as text.
        public var level: [String]?

        public var xRun: String
        public var ref: String

        public init(
            workflowId: String,
            since: String? = nil,
            level: [String]? = nil,
            xRun: String,
            ref: String
        ) {
            self.workflowId = workflowId
            self.since = since
            self.level = level
            self.xRun = xRun
            self.ref = ref
        }
    }

    public init() {}

    public func endpoint(for input: Input) throws -> Endpoint {
        let body = try RequestBody.jsonObject { object in
            try object.encode(input.ref, forKey: "ref")
        }
        return Endpoint(
            .post,
            "/workflows/\(input.workflowId)/dispatches",
            query: ["since": input.since, "level": input.level],
            headers: ["X-Run": input.xRun],
            body: body
        )
    }
}
