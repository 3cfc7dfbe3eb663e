/// Image
public struct ImageClient: Sendable {
    /// The servers the Image API runs on.
    public enum Environment: Hashable, Sendable {
        /// `https://images.example.com`
        case production
        /// Any other server, such as a local mock.
        case custom(Server)

        public var server: Server {
            switch self {
            case .production:
                Server(scheme: "https", host: "images.example.com")
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

    /// `PUT /avatar`
    ///
    /// - Parameters:
    ///   - contentType: The media type of the body, one of `image/*`.
    public func putAvatar(body: Data, contentType: String) async throws(CallError<UnexpectedResponse>) {
        try await client.call(PutAvatar(), PutAvatar.Input(body: body, contentType: contentType))
    }

    /// `PUT /avatar`
    ///
    /// The body is read as it is sent, from a file or an async sequence of bytes, never whole into memory.
    ///
    /// - Parameters:
    ///   - body: The body, and its media type.
    ///   - progress: Told the bytes sent so far, and the total when it is known, as they go.
    public func putAvatar(
        body: StreamedBody,
        progress: (@Sendable (TransferProgress) -> Void)? = nil
    ) async throws(CallError<UnexpectedResponse>) {
        try await client.upload(PutAvatar(), PutAvatar.Input(
            body: Data(),
            contentType: body.contentType
        ), body: body, progress: progress)
    }
}
