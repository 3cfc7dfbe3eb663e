/// Registry
public struct RegistryClient: Sendable {
    /// The servers the Registry API runs on.
    public enum Environment: Hashable, Sendable {
        /// `http://registry.example.com/{v1}`
        case production(v1: String)
        /// tenant
        /// `https://{tenant}.registry.example.com/{version}`
        case tenant(tenant: String, version: String = "v2")
        /// Any other server, such as a local mock.
        case custom(Server)

        public var server: Server {
            switch self {
            case .production(let v1):
                Server(scheme: "http", host: "registry.example.com", basePath: "/\(v1)")
            case .tenant(let tenant, let version):
                Server(scheme: "https", host: "\(tenant).registry.example.com", basePath: "/\(version)")
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
    public init(environment: Environment, transport: any Transport = URLSessionTransport()) {
        self = Builder(environment: environment).transport(transport).build()
    }

    /// `GET /ping`
    public func ping() async throws(CallError<UnexpectedResponse>) {
        try await client.call(Ping())
    }
}
