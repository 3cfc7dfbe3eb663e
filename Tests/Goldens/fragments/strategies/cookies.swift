/// `GET /cart`
public struct GetCart: Strategy {
    /// What `GetCart` returns.
    public struct Output: Decodable, Sendable {
        public let items: [String]

        public init(items: [String]) {
            self.items = items
        }

        public init(from decoder: any Decoder) throws {
            let container = try decoder.container(keyedBy: JSONKey.self)
            self.items = try container.decode([String].self, forKey: "items")
        }
    }

    public struct Input: Sendable {
        public var theme: String?
        public var visits: Int

        public init(theme: String? = nil, visits: Int) {
            (self.theme, self.visits) = (theme, visits)
        }
    }

    public init() {}

    public func endpoint(for input: Input) -> Endpoint {
        Endpoint(.get, "/cart", cookies: ["theme": input.theme, "visits": input.visits, "consent": "v2"])
    }
}
