import Foundation

/// Code that runs around every request a ``StrategyClient`` sends: it may change the request,
/// send it (or not, or more than once) through `next`, and change or observe the response.
///
/// A client's middlewares form a chain, the first outermost. A strategy skips those its
/// ``Strategy/middlewareFilter`` excludes by ``name``.
public protocol Middleware: Sendable {
    /// The name strategies use to opt out of this middleware.
    var name: String { get }

    /// Handles one request: sends it on through `next` (possibly changed, possibly more than
    /// once, or not at all) and returns the response and its body.
    ///
    /// - Parameters:
    ///   - request: the request as the middlewares before this one left it.
    ///   - body: the request's body, if any.
    ///   - context: the call the request belongs to.
    ///   - next: the rest of the chain, ending with the transport.
    func intercept(
        _ request: HTTPRequest,
        body: Data?,
        context: RequestContext,
        next: @Sendable (HTTPRequest, Data?) async throws -> (HTTPResponse, Data)
    ) async throws -> (HTTPResponse, Data)
}

/// What a middleware knows about the call a request belongs to.
public struct RequestContext: Sendable {
    /// The strategy's ``Strategy/name``.
    public var strategyName: String
    /// The endpoint's retry policy, if it has one; it applies in full unless the client's
    /// switches retrying off (``RetryPolicy/applied(to:)``).
    public var retry: RetryPolicy?
    /// Whether the request goes to one of the API's own servers: the client's, or the one its
    /// strategy names. A request to an absolute URL elsewhere (an upload URL an earlier
    /// response returned) is not, and gets none of the API's defaults and credentials.
    public var isAPIServer: Bool

    /// The context of a call of the strategy named `strategyName`.
    public init(strategyName: String, retry: RetryPolicy? = nil, isAPIServer: Bool = true) {
        self.strategyName = strategyName
        self.retry = retry
        self.isAPIServer = isAPIServer
    }
}

/// Adds headers and query items every request of an API carries, e.g. an API version or a
/// client identifier. A request's own header or query item of the same name wins (a next
/// page's link often carries the defaults already); a request to a server
/// that isn't the API's (``RequestContext/isAPIServer``) gets none.
@_spi(Generated) public struct DefaultParametersMiddleware: Middleware {
    /// The name strategies exclude it by; `defaultParameters` by default.
    public var name: String
    /// Headers added to requests that don't have them, in order.
    public var headers: [(name: String, value: String)]
    /// Query items added after each request's own.
    public var query: [Endpoint.QueryItem]

    /// Adds `headers` and `query` to every request, query values written by `queryEncoding`.
    /// A header name or value that can't be sent fails each request with a
    /// ``RequestBuildingError`` before anything is sent.
    public init(name: String = "defaultParameters", headers: KeyValuePairs<String, String> = [:], query: KeyValuePairs<String, any QueryValue> = [:], queryEncoding: QueryEncoding = QueryEncoding()) {
        self.name = name
        self.headers = headers.map { (name: $0.key, value: $0.value) }
        self.query = query.flatMap { $0.value.queryItems(named: $0.key, encoding: queryEncoding) }
    }

    /// Sends the request with the default headers and query items added.
    public func intercept(
        _ request: HTTPRequest,
        body: Data?,
        context: RequestContext,
        next: @Sendable (HTTPRequest, Data?) async throws -> (HTTPResponse, Data)
    ) async throws -> (HTTPResponse, Data) {
        guard context.isAPIServer else { return try await next(request, body) }
        var request = request
        for (name, value) in headers {
            let field = try HTTPCheck.field(name, value)
            if request.headerFields[field.name] == nil { request.headerFields.append(field) }
        }
        let own = Set(request.queryItemNames)
        request.appendQueryItems(query.filter { !own.contains($0.name.lowercased()) })
        return try await next(request, body)
    }
}
