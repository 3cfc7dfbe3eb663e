/// Zoo
public struct ZooClient: Sendable {
    /// The servers the Zoo API runs on.
    public enum Environment: Hashable, Sendable {
        /// production
        /// `https://{region}.zoo.example.com/v1`
        /// - `region`: one of `eu`, `us`
        case production(region: String = "eu")
        /// local
        /// `http://localhost:8080`
        case local
        /// Any other server, such as a local mock.
        case custom(Server)

        public var server: Server {
            switch self {
            case .production(let region):
                Server(scheme: "https", host: "\(region).zoo.example.com", basePath: "/v1")
            case .local:
                Server(scheme: "http", host: "localhost", port: 8080)
            case .custom(let server):
                server
            }
        }
    }

    /// Runs the strategies; use it to send a strategy with an input built elsewhere.
    public let client: StrategyClient

    /// The `token` credentials: set a token after signing in, read it to keep it.
    public let token: BearerTokenAuthenticator

    /// Wraps a client assembled elsewhere; ``Builder`` is the usual way to make one.
    public init(client: StrategyClient, token: BearerTokenAuthenticator) {
        self.client = client
        self.token = token
    }

    /// A client for `environment` that sends requests through `transport`, with the spec's defaults.
    public init(environment: Environment = .production(), transport: any Transport = URLSessionTransport()) {
        self = Builder(environment: environment).transport(transport).build()
    }

    /// `GET /animals`
    public func listAnimals() async throws(CallError<UnexpectedResponse>) {
        try await client.call(ListAnimals())
    }

    /// `DELETE /animals`
    public func clearAnimals() async throws(CallError<UnexpectedResponse>) {
        try await client.call(ClearAnimals())
    }
}
