/// `POST /orders`
public struct CreateOrder: Strategy {
    public typealias Output = Void

    public struct Input: Sendable {
        public var item: String

        public init(item: String) {
            self.item = item
        }
    }

    private struct Body: Encodable {
        var item: String

        init(item: String) {
            self.item = item
        }

        func encode(to encoder: any Encoder) throws {
            var container = encoder.container(keyedBy: JSONKey.self)
            try container.encode(item, forKey: "item")
        }
    }

    public init() {}

    public func endpoint(for input: Input) throws -> Endpoint {
        Endpoint(
            .post,
            "/orders",
            body: try .json(Body(item: input.item)),
            retry: RetryPolicy(
                maxRetries: 3,
                baseDelay: .milliseconds(200),
                retryableMethods: [.get, .head, .options, .put, .delete, .post],
                idempotencyKeyHeader: "Idempotency-Key"
            )
        )
    }
}
