import Foundation

/// What every client builder sets the same way, whatever the API: transport, middlewares,
/// retry, limits and decoder. A generated builder keeps one and adds the API's own
/// servers and credentials.
@_spi(Generated) public struct ClientSettings: Sendable {
    /// Where endpoints are sent.
    public var server: Server
    /// Sends the requests; `URLSession` unless another is set.
    public var transport: any Transport = URLSessionTransport()
    /// The caller's own middlewares, run after the built-in ones, so they see each request as sent.
    public var middlewares: [Middleware] = []
    /// How failed requests are retried.
    public var retry: RetryPolicy
    /// The deadline, connect timeout, response size limit and redirect rule of every request.
    public var limits: StrategyClient.Limits = .default
    /// Decodes outputs and error payloads.
    public var decoder = JSONDecoder()
    /// Servers that strategies name for themselves, each sent to another instead.
    public var serverReplacements: [Server: Server] = [:]
    /// Whether the transport answers from stubs, so no middleware runs (see ``ClientBuilder/stubbed(_:)``).
    var isStubbed = false

    /// Settings for `server` that retry by `retry`, with every other setting at its default.
    public init(server: Server, retry: RetryPolicy = .default) {
        self.server = server
        self.retry = retry
    }

    /// A client whose middlewares are retry, then `builtIn` (the API's default parameters and
    /// credentials), then the caller's own.
    @_spi(Generated) public func client(builtIn: [Middleware] = []) -> StrategyClient {
        var client = StrategyClient(
            server: server,
            transport: transport,
            middlewares: isStubbed ? [] : [.retry(retry)] + builtIn + middlewares,
            decoder: decoder,
            limits: limits
        )
        client.serverReplacements = serverReplacements
        client.ignoresStrategyServers = isStubbed
        return client
    }

    /// A client that renews credentials: retry and `builtIn` only, without the caller's middlewares.
    @_spi(Generated) public func renewingClient(builtIn: [Middleware] = []) -> StrategyClient {
        var client = StrategyClient(
            server: server,
            transport: transport,
            middlewares: [.retry(retry)] + builtIn,
            decoder: decoder,
            limits: limits
        )
        client.serverReplacements = serverReplacements
        return client
    }
}

/// Assembles a generated client step by step: each method returns a changed copy.
///
/// ```swift
/// let users = UsersClient.Builder(environment: .staging).retry(.never).build()
/// ```
public protocol ClientBuilder: Sendable {
    /// What the builder has been told so far.
    @_spi(Generated) var settings: ClientSettings { get set }
}

extension ClientBuilder {
    /// Sends requests through `transport` instead of `URLSession`.
    public func transport(_ transport: any Transport) -> Self {
        changing { $0.settings.transport = transport }
    }

    /// Adds a middleware; it runs after the built-in ones, so it sees each request as sent.
    public func middleware(_ middleware: Middleware) -> Self {
        changing { $0.settings.middlewares.append(middleware) }
    }

    /// Retries failed requests by `policy`; `.never` turns retrying off.
    public func retry(_ policy: RetryPolicy) -> Self {
        changing { $0.settings.retry = policy }
    }

    /// Sets the deadline, connect timeout, response size limit and redirect rule of every request.
    public func limits(_ limits: StrategyClient.Limits) -> Self {
        changing { $0.settings.limits = limits }
    }

    /// Sends what strategies address to their own `server` (such as an upload host) to
    /// `replacement` instead, e.g. a local mock; it is still the API's, with its credentials.
    public func replacing(_ server: Server, with replacement: Server) -> Self {
        changing { $0.settings.serverReplacements[server] = replacement }
    }

    /// Decodes outputs and error payloads with `decoder`.
    public func decoder(_ decoder: JSONDecoder) -> Self {
        changing { $0.settings.decoder = decoder }
    }

    /// Answers every call from `routes` through a ``StubTransport`` on `https://stub.example`
    /// instead of the network, without the middlewares: stubs need no credentials, retries or
    /// logs. Route paths are the strategies' own, without a base path.
    public func stubbed(_ routes: [StubTransport.Route]) -> Self {
        changing {
            $0.settings.server = Server(host: "stub.example")
            $0.settings.transport = StubTransport(routes)
            $0.settings.isStubbed = true
        }
    }

    /// A copy with `change` made to it: for a generated builder's own methods (credentials).
    @_spi(Generated) public func changing(_ change: (inout Self) -> Void) -> Self {
        var copy = self
        change(&copy)
        return copy
    }
}
