/// The Shop API: a method per strategy.
public struct ShopClient: Sendable {
    /// The servers the Shop API runs on.
    public enum Environment: Hashable, Sendable {
        /// `https://shop.example.com`
        case production
        /// `https://{region}.shop.example.com:8443/{version}`
        /// - `region`: one of `eu`, `us`
        case regional(region: String = "eu", version: String = "v2")
        /// Any other server, such as a local mock.
        case custom(Server)

        public var server: Server {
            switch self {
            case .production:
                Server(scheme: "https", host: "shop.example.com")
            case .regional(let region, let version):
                Server(scheme: "https", host: "\(region).shop.example.com", port: 8443, basePath: "/\(version)")
            case .custom(let server):
                server
            }
        }
    }

    /// Runs the strategies; use it to send a strategy with an input built elsewhere.
    public let client: StrategyClient

    /// Wraps a client assembled elsewhere; ``Builder`` is the usual way to make one.
    public init(client: StrategyClient) {
        self.client = client
    }

    /// A client for `environment` that sends requests through `transport`, with the spec's defaults.
    public init(environment: Environment = .production, transport: any Transport = URLSessionTransport()) {
        self = Builder(environment: environment).transport(transport).build()
    }

    /// `GET /ping`
    public func ping() async throws(CallError<UnexpectedResponse>) {
        try await client.call(Ping())
    }
}
