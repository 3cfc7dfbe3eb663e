import Foundation

/// Code that runs around every request a ``StrategyClient`` sends: it may change the request,
/// send it (or not, or more than once) through `next`, and change or observe the response.
///
/// A client's middlewares form a chain, the first outermost. A strategy skips those its
/// ``Strategy/middlewareFilter`` excludes by ``name``. The runtime's own come from
/// ``retry(_:name:)``, ``authentication(_:maxReplays:name:)`` and
/// ``logging(detail:bodyLimit:secretHeaders:secretNames:name:log:)``; the
/// `StrategyKitObservability` product adds `logging(logger:level:detail:…)`, `metrics(…)` and
/// `tracing(…)`, for swift-log, swift-metrics and swift-distributed-tracing. Your own is a name
/// and a closure:
///
/// ```swift
/// let requestID = Middleware(name: "requestID") { request, body, context, next in
///     var request = request
///     request.headerFields[HTTPField.Name("X-Request-ID")!] = UUID().uuidString
///     return try await next(request, body)
/// }
/// let client = StrategyClient(server: server, middlewares: [.retry(), requestID])
/// ```
public struct Middleware: Sendable {
    /// The rest of the chain after a middleware, ending with the transport: it sends a
    /// request and its body and returns the response and its body.
    public typealias Next = @Sendable (HTTPRequest, Data?) async throws -> (HTTPResponse, Data)

    /// The name strategies use to opt out of this middleware.
    public var name: String
    private let body: @Sendable (HTTPRequest, Data?, Context, Next) async throws -> (HTTPResponse, Data)

    /// A middleware named `name` that handles each request with `intercept`: it sends the
    /// request on through `next` (possibly changed, possibly more than once, or not at all)
    /// and returns the response and its body.
    ///
    /// - Parameters:
    ///   - name: the name strategies exclude it by (``Filter``).
    ///   - intercept: handles one request: the request as the middlewares before this one
    ///     left it, its body, the call it belongs to, and the rest of the chain.
    public init(
        name: String,
        intercept: @escaping @Sendable (_ request: HTTPRequest, _ body: Data?, _ context: Context, _ next: Next) async throws -> (HTTPResponse, Data)
    ) {
        self.name = name
        self.body = intercept
    }

    /// Handles one request: runs the middleware's closure with the rest of the chain as `next`.
    public func intercept(_ request: HTTPRequest, body: Data?, context: Context, next: Next) async throws -> (HTTPResponse, Data) {
        try await self.body(request, body, context, next)
    }

    /// What a middleware knows about the call a request belongs to.
    public struct Context: Sendable {
        /// The strategy's ``Strategy/name``.
        public var strategyName: String
        /// The endpoint's retry policy, if it has one; it applies in full unless the client's
        /// switches retrying off (``RetryPolicy/applied(to:)``).
        public var retry: RetryPolicy?
        /// Whether the request goes to one of the API's own servers: the client's, or the one its
        /// strategy names. A request to an absolute URL elsewhere (an upload URL an earlier
        /// response returned) is not, and gets none of the API's defaults and credentials.
        public var isAPIServer: Bool
        /// The options the caller gave this call (``StrategyClient/with(_:)``), empty when none:
        /// the request carries their headers, query items and idempotency key already, and
        /// ``Middleware/retry(_:name:)`` retries by their ``StrategyClient/CallOptions/retry``.
        public var options: StrategyClient.CallOptions

        /// The context of a call of the strategy named `strategyName`.
        public init(strategyName: String, retry: RetryPolicy? = nil, isAPIServer: Bool = true, options: StrategyClient.CallOptions = StrategyClient.CallOptions()) {
            self.strategyName = strategyName
            self.retry = retry
            self.isAPIServer = isAPIServer
            self.options = options
        }
    }

    /// Which middlewares run for a strategy, by their names.
    public enum Filter: Hashable, Sendable {
        /// Every middleware.
        case all
        /// Every middleware except those named, e.g. `.excluding(["authentication"])` for a login.
        case excluding(Set<String>)
        /// Only those named.
        case only(Set<String>)

        /// Whether the middleware named `name` runs.
        public func includes(_ name: String) -> Bool {
            switch self {
            case .all: true
            case .excluding(let names): !names.contains(name)
            case .only(let names): names.contains(name)
            }
        }
    }
}

/// The body of one of the runtime's own middlewares; ``Middleware/init(_:)`` wraps it.
package protocol Intercepting: Sendable {
    /// The name strategies exclude it by.
    var name: String { get }
    /// Handles one request, as ``Middleware/intercept(_:body:context:next:)`` does.
    func intercept(_ request: HTTPRequest, body: Data?, context: Middleware.Context, next: Middleware.Next) async throws -> (HTTPResponse, Data)
}

extension Middleware {
    /// A middleware that runs `body`.
    package init(_ body: some Intercepting) {
        self.init(name: body.name) { request, data, context, next in
            try await body.intercept(request, body: data, context: context, next: next)
        }
    }

    /// Adds `headers` and `query` to every request of an API that doesn't carry them already,
    /// query values written by `queryEncoding`. A header name or value that can't be sent fails
    /// each request with a ``RequestBuildingError`` before anything is sent.
    @_spi(Generated) public static func defaultParameters(
        name: String = "defaultParameters",
        headers: KeyValuePairs<String, String> = [:],
        query: KeyValuePairs<String, any QueryValue> = [:],
        queryEncoding: QueryEncoding = QueryEncoding()
    ) -> Middleware {
        Middleware(DefaultParametersMiddleware(name: name, headers: headers, query: query, queryEncoding: queryEncoding))
    }
}

/// Adds headers and query items every request of an API carries, e.g. an API version or a
/// client identifier. A request's own header or query item of the same name wins (a next
/// page's link often carries the defaults already); a request to a server
/// that isn't the API's (``Middleware/Context/isAPIServer``) gets none.
struct DefaultParametersMiddleware: Intercepting {
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
        context: Middleware.Context,
        next: Middleware.Next
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
