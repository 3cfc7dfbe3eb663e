/// The Library API: a method per strategy.
public struct LibraryClient: Sendable {
    /// The servers the Library API runs on.
    public enum Environment: Hashable, Sendable {
        /// `https://library.example.com`
        case production
        /// Any other server, such as a local mock.
        case custom(Server)

        public var server: Server {
            switch self {
            case .production:
                Server(scheme: "https", host: "library.example.com")
            case .custom(let server):
                server
            }
        }
    }

    /// Runs the strategies; use it to send a strategy with an input built elsewhere.
    public let client: StrategyClient

    /// The `session` credentials: set a token after signing in, read it to keep it.
    public let session: BearerTokenAuthenticator

    /// Wraps a client assembled elsewhere; ``Builder`` is the usual way to make one.
    public init(client: StrategyClient, session: BearerTokenAuthenticator) {
        self.client = client
        self.session = session
    }

    /// A client for `environment` that sends requests through `transport`, with the spec's defaults.
    public init(environment: Environment = .production, transport: any Transport = URLSessionTransport()) {
        self = Builder(environment: environment).transport(transport).build()
    }

    /// `POST /sessions`
    ///
    /// - Parameter input: What ``SignIn`` sends.
    @discardableResult
    public func signIn(_ input: SignIn.Input) async throws(CallError<UnexpectedResponse>) -> Session {
        let output = try await client.call(SignIn(), input)
        await session.setToken(BearerTokenAuthenticator.Token(accessToken: output.token))
        return output
    }

    /// `POST /sessions`
    @discardableResult
    public func signIn(
        username: String,
        password: String
    ) async throws(CallError<UnexpectedResponse>) -> Session {
        try await signIn(SignIn.Input(username: username, password: password))
    }
}
