/// The GitHub API: a method per strategy.
public struct GitHubClient: Sendable {
    /// The servers the GitHub API runs on.
    public enum Environment: Hashable, Sendable {
        /// `https://api.github.com`
        case production
        /// Any other server, such as a local mock.
        case custom(Server)

        public var server: Server {
            switch self {
            case .production:
                Server(scheme: "https", host: "api.github.com")
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

    /// Lists a repository's issues, newest first.
    public func listRepositoryIssues(
        owner: String,
        repo: String,
        perPage: Int? = nil
    ) async throws(CallError<UnexpectedResponse>) -> [Issue] {
        try await client.call(ListRepositoryIssues(), ListRepositoryIssues.Input(
            owner: owner,
            repo: repo,
            perPage: perPage
        ))
    }

    /// Lists a repository's issues, newest first.
    ///
    /// The pages come one request at a time as they are asked for; `.items` gives their items.
    public func listRepositoryIssuesPages(
        owner: String,
        repo: String,
        perPage: Int? = nil
    ) -> StrategyClient.PageSequence<ListRepositoryIssues> {
        client.pages(ListRepositoryIssues(), ListRepositoryIssues.Input(
            owner: owner,
            repo: repo,
            perPage: perPage
        ))
    }
}
