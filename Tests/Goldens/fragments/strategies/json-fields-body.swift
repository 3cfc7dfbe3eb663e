/// `POST /orders`
public struct CreateOrder: Strategy {
    /// What `CreateOrder` returns.
    public struct Output: Decodable, Sendable {
        public let orderId: Int

        public init(orderId: Int) {
            self.orderId = orderId
        }

        public init(from decoder: any Decoder) throws {
            let container = try decoder.container(keyedBy: JSONKey.self)
            self.orderId = try container.decode(Int.self, forKey: "order_id")
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

        func encode(to encoder: any Encoder) throws {
            var container = encoder.container(keyedBy: JSONKey.self)
            try container.encode(itemId, forKey: "item_id")
            try container.encode(quantity, forKey: "quantity")
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
