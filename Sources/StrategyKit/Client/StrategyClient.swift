import Foundation

/// Runs strategies: builds each request, passes it through the middlewares to the transport,
/// checks the response and decodes the output.
///
/// ```swift
/// let client = StrategyClient(
///     server: Server(host: "api.example.com"),
///     middlewares: [.retry(), .authentication(.apiKey(name: "X-Api-Key", value: key, in: .header))]
/// )
/// let user = try await client.send(GetUser(), GetUser.Input(id: 42))
/// ```
///
/// One call may take settings of its own (``with(_:)``, ``CallOptions``) and return its output
/// with the response it came from (``callWithResponse(_:_:)``, ``Answer``).
public struct StrategyClient: Sendable {
    /// Where endpoints are sent: scheme, host, port and base path.
    public var server: Server
    /// Sends the requests; ``URLSessionTransport`` unless another is given.
    public var transport: any Transport
    /// Run around every request, the first outermost.
    public var middlewares: [Middleware]
    /// Decodes outputs; configure its date and key strategies here.
    public var decoder: JSONDecoder
    /// The deadline, connect timeout, response size limit and redirect rule of every request;
    /// an endpoint may override the first three. See ``StrategyClient/Limits``.
    public var limits: StrategyClient.Limits
    /// Servers that strategies name for themselves (``Strategy/server``), each sent to another
    /// instead, such as a local mock of an upload host.
    public var serverReplacements: [Server: Server] = [:]
    /// Whether strategies' own servers are ignored, as when every call is answered by stubs.
    var ignoresStrategyServers = false
    /// The options ``with(_:)`` gave this client for its calls; `nil` when it was given none,
    /// so a plain call does nothing more.
    var callOptions: CallOptions?

    /// A client for `server`.
    ///
    /// - Parameters:
    ///   - server: where endpoints are sent.
    ///   - transport: sends the requests; `URLSession` by default.
    ///   - middlewares: run around every request, the first outermost.
    ///   - decoder: decodes outputs.
    ///   - limits: the deadline, connect timeout, response size limit and redirect rule.
    public init(
        server: Server,
        transport: any Transport = URLSessionTransport(),
        middlewares: [Middleware] = [],
        decoder: JSONDecoder = JSONDecoder(),
        limits: StrategyClient.Limits = .default
    ) {
        self.server = server
        self.transport = transport
        self.middlewares = middlewares
        self.decoder = decoder
        self.limits = limits
    }

    /// Sends the request `strategy` makes for `input` and returns its output, throwing the
    /// error of the layer that failed as it is.
    ///
    /// Cancelling the calling task cancels the request; a request is never started from a
    /// cancelled task. Each attempt runs within the deadline and size limit of ``limits``
    /// (or the endpoint's own), and redirects are followed by its ``StrategyClient/Limits/RedirectPolicy``.
    ///
    /// - Throws: `S.Failure` when the strategy's success check rejects the response;
    ///   ``RequestBuildingError`` when no request could be built, or a middleware added a header
    ///   that can't be sent (nothing is sent then); a ``TransportError`` or a middleware's
    ///   error when no response came; a `DecodingError` when the body doesn't fit.
    ///   ``call(_:_:)`` sorts the same errors into the cases of a ``CallError``.
    public func send<S: Strategy>(_ strategy: S, _ input: S.Input) async throws -> S.Output {
        do {
            return try await output(of: strategy, input)
        } catch let failure as Undecodable {
            throw failure.error
        }
    }

    /// Sends the request `strategy` makes for `input` and returns its output, as ``send(_:_:)``
    /// does, throwing a ``CallError`` a caller can handle case by case. Generated clients call it.
    public func call<S: Strategy>(_ strategy: S, _ input: S.Input) async throws(CallError<S.Failure>) -> S.Output {
        do {
            return try await output(of: strategy, input)
        } catch let failure as Undecodable {
            throw .decoding(failure.error, body: failure.body)
        } catch {
            throw CallError(sorting: error)
        }
    }

    /// The output of one call; a body that doesn't decode fails with ``Undecodable``, which keeps it.
    private func output<S: Strategy>(of strategy: S, _ input: S.Input) async throws -> S.Output {
        try await exchange(strategy, input).output
    }

    /// One call, as ``call(_:_:)`` makes it, with the response and its body; sent to `url`
    /// instead of the endpoint's own place when one is given (a next page's link).
    func page<S: Strategy>(_ strategy: S, _ input: S.Input, at url: URL? = nil) async throws(CallError<S.Failure>) -> Answer<S.Output> {
        do {
            return try await exchange(strategy, input, at: url)
        } catch let failure as Undecodable {
            throw .decoding(failure.error, body: failure.body)
        } catch {
            throw CallError(sorting: error)
        }
    }

    private func exchange<S: Strategy>(_ strategy: S, _ input: S.Input, at url: URL? = nil) async throws -> Answer<S.Output> {
        var endpoint = try strategy.endpoint(for: input)
        if let url {
            endpoint.url = url
            endpoint.query = []
        }
        callOptions?.apply(to: &endpoint, following: url)
        let server = self.server(for: strategy)
        let (request, body) = try server.request(for: endpoint)
        let start = ContinuousClock.now
        let (response, responseBody) = try await perform(
            request,
            body: body,
            context: self.context(of: strategy, endpoint, request, server: server),
            limits: self.limits(for: endpoint),
            filter: strategy.middlewareFilter
        )
        let duration = start.duration(to: .now)
        guard strategy.successCheck.isSuccess(response, body: responseBody) else {
            throw S.Failure(response: response, body: response.errorBody(responseBody), decoder: decoder)
        }
        do {
            return Answer(
                output: try strategy.output(from: response, body: responseBody, decoder: decoder),
                response: response, body: responseBody, request: request, duration: duration,
                requestIDHeader: callOptions?.requestIDHeader ?? endpoint.requestIDHeader
            )
        } catch {
            throw Undecodable(error: error, body: responseBody)
        }
    }

    /// What the middlewares are told of a call of `strategy` that sends `request` to `server`.
    func context<S: Strategy>(of strategy: S, _ endpoint: Endpoint, _ request: HTTPRequest, server: Server) -> Middleware.Context {
        // A request made from a path alone goes to `server` by construction; only an
        // absolute URL (``Endpoint/url``) needs its origin compared.
        var context = Middleware.Context(strategyName: S.name, retry: endpoint.retry, isAPIServer: endpoint.url == nil || isAPIServer(request, server: server))
        if let callOptions { context.options = callOptions }
        return context
    }

    /// Whether `request` goes to the API's own server: the client's or the strategy's, or an
    /// absolute URL on the same origin as either.
    func isAPIServer(_ request: HTTPRequest, server: Server) -> Bool {
        guard let url = request.url else { return false }
        return [self.server, server].contains { own in
            URL(string: own.description).map { Redirect.sameOrigin($0, url) } ?? false
        }
    }

    /// Sends a strategy that takes no input.
    public func send<S: Strategy>(_ strategy: S) async throws -> S.Output where S.Input == Void {
        try await send(strategy, ())
    }

    /// Sends a strategy that takes no input, throwing a ``CallError``.
    public func call<S: Strategy>(_ strategy: S) async throws(CallError<S.Failure>) -> S.Output where S.Input == Void {
        try await call(strategy, ())
    }

    /// Sends through the middlewares the filter lets run, then the transport.
    private func perform(
        _ request: HTTPRequest,
        body: Data?,
        context: Middleware.Context,
        limits: StrategyClient.Limits,
        filter: Middleware.Filter
    ) async throws -> (HTTPResponse, Data) {
        let exchange = Exchange(transport: transport, limits: limits)
        var next: Middleware.Next = { request, body in
            try await exchange.send(request, body: body)
        }
        for middleware in middlewares.reversed() where filter.includes(middleware.name) {
            let inner = next
            next = { request, body in try await middleware.intercept(request, body: body, context: context, next: inner) }
        }
        return try await next(request, body)
    }
}

/// A successful response whose body didn't give the output, with that body.
private struct Undecodable: Error {
    let error: any Error
    let body: Data
}
