/// `POST /orders`
public struct CreateOrder: Strategy {
    public typealias Output = Void

    public struct Input: Sendable {
        public var item: String

        public init(item: String) {
            self.item = item
        }
    }

    public init() {}

    public func endpoint(for input: Input) throws -> Endpoint {
        let body = try RequestBody.jsonObject { object in
            try object.encode(input.item, forKey: "item")
        }
        return Endpoint(
            .post,
            "/orders",
            body: body,
            retry: RetryPolicy(
                maxRetries: 3,
                baseDelay: .milliseconds(200),
                retryableMethods: [.get, .head, .options, .put, .delete, .post],
                idempotencyKeyHeader: "Idempotency-Key"
            )
        )
    }
}
