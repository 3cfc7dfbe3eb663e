/// The Chat API: a method per strategy.
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

    /// `POST /chat`
    public func ask(body: ChatRequest) async throws(CallError<UnexpectedResponse>) -> Answer {
        try await client.call(Ask(), body)
    }

    /// Asks, and gets the answer as it is written.
    ///
    /// The elements come as the server sends them; leaving the loop or cancelling the task closes the
    /// connection.
    ///
    /// - Parameter input: What ``AskStream`` sends.
    public func askStream(_ input: AskStream.Input) -> StrategyClient.EventStream<AskStream> {
        client.stream(AskStream(), input)
    }

    /// `GET /rooms/{room}/lines`
    ///
    /// The elements come as the server sends them; leaving the loop or cancelling the task closes the
    /// connection.
    public func tail(room: String, from: Int? = nil) -> StrategyClient.EventStream<Tail> {
        client.stream(Tail(), Tail.Input(room: room, from: from))
    }
}
