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

    public init() {}

    public var successCheck: SuccessCheck { .statusCode(201) }

    public func endpoint(for input: Input) throws -> Endpoint {
        let body = try RequestBody.jsonObject { object in
            try object.encode(input.itemId, forKey: "item_id")
            try object.encode(input.quantity, forKey: "quantity")
        }
        return Endpoint(
            .post,
            "/orders",
            body: body,
            retry: RetryPolicy(
                maxRetries: 3,
                baseDelay: .milliseconds(250),
                retryableMethods: [.get, .head, .options, .put, .delete, .post]
            )
        )
    }
}
