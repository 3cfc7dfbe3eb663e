/// Chat
public struct ChatClient: Sendable {
    /// The servers the Chat API runs on.
    public enum Environment: Hashable, Sendable {
        /// `https://chat.example.com`
        case production
        /// Any other server, such as a local mock.
        case custom(Server)

        public var server: Server {
            switch self {
            case .production:
                Server(scheme: "https", host: "chat.example.com")
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

    /// `POST /completions`
    public func createCompletion(prompt: String) async throws(CallError<UnexpectedResponse>) -> Completion {
        try await client.call(CreateCompletion(), CreateCompletion.Input(prompt: prompt))
    }

    /// `POST /completions`
    @available(*, deprecated, message: "sets 'legacyMode', 'maxTokens' or 'functions', which are deprecated")
    public func createCompletion(
        legacyMode: Bool? = nil,
        prompt: String,
        maxTokens: Int? = nil,
        functions: [FunctionDefinition]? = nil
    ) async throws(CallError<UnexpectedResponse>) -> Completion {
        try await client.call(CreateCompletion(), CreateCompletion.Input(
            legacyMode: legacyMode,
            prompt: prompt,
            maxTokens: maxTokens,
            functions: functions
        ))
    }

    /// `GET /engines/{engine}`
    @available(*, deprecated, message: "uses the deprecated model 'EngineName'")
    public func getEngine(engine: EngineName) async throws(CallError<UnexpectedResponse>) {
        try await client.call(GetEngine(), GetEngine.Input(engine: engine))
    }
}
