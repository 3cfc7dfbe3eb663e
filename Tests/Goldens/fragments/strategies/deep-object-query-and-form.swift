/// `POST /checkout/sessions`
public struct CreateCheckout: Strategy {
    /// What `CreateCheckout` returns.
    public struct Output: Decodable, Sendable {
        public let id: String

        public init(id: String) {
            self.id = id
        }

        public init(from decoder: any Decoder) throws {
            let container = try decoder.container(keyedBy: JSONKey.self)
            self.id = try container.decode(String.self, forKey: "id")
        }
    }

    public struct Input: Sendable {
        public var expand: [String]?
        public var metadata: [String: String]?
        public var shippingAddress: Address
        public var lineItems: [LineItem]

        public init(
            expand: [String]? = nil,
            metadata: [String: String]? = nil,
            shippingAddress: Address,
            lineItems: [LineItem]
        ) {
            self.expand = expand
            self.metadata = metadata
            self.shippingAddress = shippingAddress
            self.lineItems = lineItems
        }
    }

    public init() {}

    public func endpoint(for input: Input) -> Endpoint {
        Endpoint(
            .post,
            "/checkout/sessions",
            query: ["expand": input.expand],
            queryEncoding: QueryEncoding(arrays: .brackets),
            body: .form([
                "metadata": input.metadata,
                "shipping_address": DeepObject(input.shippingAddress),
                "line_items": DeepObject(input.lineItems),
            ], encoding: QueryEncoding(arrays: .brackets))
        )
    }
}
