/// `POST /orders`
public struct CreateOrder: Strategy {
    /// What `CreateOrder` returns.
    public struct Output: Decodable, Sendable {
        public let orderId: Int

        public init(orderId: Int) {
            self.orderId = orderId
        }

        private enum CodingKeys: String, CodingKey {
            case orderId = "order_id"
        }
    }

    public struct Input: Sendable {
        public var itemId: Int
        public var quantity: Int

        public init(itemId: Int, quantity: Int) {
            (self.itemId, self.quantity) = (itemId, quantity)
        }
    }

    private struct Body: Encodable {
        var itemId: Int
        var quantity: Int

        init(itemId: Int, quantity: Int) {
            (self.itemId, self.quantity) = (itemId, quantity)
        }

        private enum CodingKeys: String, CodingKey {
            case itemId = "item_id", quantity
        }
    }

    public init() {}

    public var successCheck: SuccessCheck { .statusCode(201) }

    public func endpoint(for input: Input) throws -> Endpoint {
        Endpoint(
            .post,
            "/orders",
            body: try .json(Body(itemId: input.itemId, quantity: input.quantity)),
            retry: RetryPolicy(
                maxRetries: 3,
                baseDelay: .milliseconds(250),
                retryableMethods: [.get, .head, .options, .put, .delete, .post]
            )
        )
    }
}
