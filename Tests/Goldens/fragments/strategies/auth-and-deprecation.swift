/// `GET /search`
@available(*, deprecated, message: "Use Search.")
public struct OldSearch: Strategy {
    public typealias Output = Void

    public struct Input: Sendable {
        public var q: String

        public init(q: String) {
            self.q = q
        }
    }

    public init() {}

    public var middlewareFilter: Middleware.Filter { .excluding(["auth.key", "auth.admin", "logging"]) }

    public func endpoint(for input: Input) -> Endpoint {
        Endpoint(.get, "/search", query: ["q": input.q])
    }
}
