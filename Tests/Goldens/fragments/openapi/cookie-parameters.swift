/// `GET /cart`
public struct GetCart: Strategy {
    public typealias Output = Void

    public struct Input: Sendable {
        public var theme: GetCartTheme?
        public var visits: Int

        public init(theme: GetCartTheme? = nil, visits: Int) {
            (self.theme, self.visits) = (theme, visits)
        }
    }

    public init() {}

    public func endpoint(for input: Input) -> Endpoint {
        Endpoint(.get, "/cart", cookies: ["theme": input.theme, "visits": input.visits, "consent": "v2"])
    }
}
