import Foundation

/// What one call of an endpoint sends: method, path, query, headers, body, timeout and retry.
///
/// An endpoint knows nothing of servers; a ``StrategyClient`` resolves it against one.
///
/// ```swift
/// Endpoint(.get, "/users/\(id)", query: ["verbose": verbose, "tags": tags])
/// ```
public struct Endpoint: Sendable {
    /// One query item as it goes into the URL, before percent-encoding.
    public struct QueryItem: Hashable, Sendable {
        /// The item's name.
        public var name: String
        /// The item's value.
        public var value: String

        /// An item `name=value`.
        public init(name: String, value: String) {
            self.name = name
            self.value = value
        }
    }

    /// The request method, such as `GET`; checked to be an HTTP token (so nothing can split
    /// the request line) when the request is built.
    public var method: String
    /// The path after the server's base path, percent-encoded.
    public var path: Path
    /// An absolute `http` or `https` URL sent to instead of a server and ``path``, such as an
    /// upload URL an earlier response returned; the query items are added to its own.
    public var url: URL?
    /// The query items, in order.
    public var query: [QueryItem]
    /// The endpoint's own headers, in order; names and values are checked when the request is
    /// built, so a CR or LF fails with a ``RequestBuildingError`` instead of being sent.
    public var headers: [(name: String, value: String)]
    /// The endpoint's own cookies, in order, sent together as one `Cookie` header
    /// (`a=1; b=2`). A name must be an HTTP token and a value made of the characters RFC 6265
    /// lets a cookie hold, optionally in double quotes (no space, `"`, `,`, `;`, `\` or control
    /// character inside, ASCII only);
    /// anything else fails with ``RequestBuildingError/invalidCookie(name:)`` when the request
    /// is built, instead of being sent changed.
    public var cookies: [(name: String, value: String)] = []
    /// The body, if any.
    public var body: RequestBody?
    /// The deadline in seconds for each attempt, connecting to last body byte; `nil` keeps the
    /// client's ``StrategyClient/Limits/timeout``. A call's own
    /// (``StrategyClient/CallOptions/timeout``) wins over it.
    public var timeout: TimeInterval?
    /// The response header that carries the request id, when the API uses one of its own;
    /// `nil`, the default, for the common ones (``StrategyClient/CallOptions/commonRequestIDHeaders``).
    /// A call's own (``StrategyClient/CallOptions/requestIDHeader``) wins over it.
    public var requestIDHeader: String? = nil
    /// This endpoint's retry policy; it applies in full, unless the client's switches retrying
    /// off (``RetryPolicy/applied(to:)``). `nil` keeps the client's. A call's own
    /// (``StrategyClient/CallOptions/retry``) wins over it.
    public var retry: RetryPolicy?
    /// Seconds to wait for a connection and for the next bytes; `nil` keeps the client's
    /// ``StrategyClient/Limits/connectTimeout``.
    public var connectTimeout: TimeInterval?
    /// The most bytes of response body read; `nil` keeps the client's
    /// ``StrategyClient/Limits/maximumResponseBytes``.
    public var maximumResponseBytes: Int?

    /// Creates an endpoint; `query`, `headers` and `cookies` keep their order, and `nil` values
    /// are left out. A value is written as its text: a string, a number (a `Double` in plain
    /// decimal, `0.00001` rather than `1e-05`) or a `Bool` (`true`/`false`). `timeout`,
    /// `connectTimeout` and `maximumResponseBytes` override the client's ``StrategyClient/Limits``.
    ///
    /// ```swift
    /// Endpoint(.get, "/users", query: ["page": input.page, "tags": input.tags.joined(separator: ",")])
    /// ```
    public init(
        _ method: HTTPRequest.Method,
        _ path: Path,
        query: KeyValuePairs<String, (any LosslessStringConvertible)?> = [:],
        headers: KeyValuePairs<String, (any LosslessStringConvertible)?> = [:],
        cookies: KeyValuePairs<String, (any LosslessStringConvertible)?> = [:],
        body: RequestBody? = nil,
        timeout: TimeInterval? = nil,
        retry: RetryPolicy? = nil,
        connectTimeout: TimeInterval? = nil,
        maximumResponseBytes: Int? = nil
    ) {
        self.method = method.rawValue
        self.path = path
        self.query = query.compactMap { name, value in value.map { QueryItem(name: name, value: ParameterText.of($0)) } }
        self.headers = headers.compactMap { name, value in value.map { (name: name, value: ParameterText.of($0)) } }
        self.cookies = cookies.compactMap { name, value in value.map { (name: name, value: ParameterText.of($0)) } }
        self.body = body
        self.timeout = timeout
        self.retry = retry
        self.connectTimeout = connectTimeout
        self.maximumResponseBytes = maximumResponseBytes
    }

    /// An endpoint at the absolute `url` rather than on a server, such as an upload URL an
    /// earlier response returned. A URL on another origin than the API's gets none of its
    /// defaults and credentials. The other arguments are those of the initializer with a path.
    public init(
        _ method: HTTPRequest.Method,
        url: URL,
        query: KeyValuePairs<String, (any LosslessStringConvertible)?> = [:],
        headers: KeyValuePairs<String, (any LosslessStringConvertible)?> = [:],
        cookies: KeyValuePairs<String, (any LosslessStringConvertible)?> = [:],
        body: RequestBody? = nil,
        timeout: TimeInterval? = nil,
        retry: RetryPolicy? = nil,
        connectTimeout: TimeInterval? = nil,
        maximumResponseBytes: Int? = nil
    ) {
        self.init(
            method, "", query: query, headers: headers, cookies: cookies, body: body,
            timeout: timeout, retry: retry, connectTimeout: connectTimeout, maximumResponseBytes: maximumResponseBytes
        )
        self.url = url
    }

    /// Creates an endpoint whose query, header and cookie values are written as generated code
    /// asks: lists, dates, enums and deep objects in `queryEncoding`.
    @_spi(Generated) @_disfavoredOverload
    public init(
        _ method: HTTPRequest.Method,
        _ path: Path,
        query: KeyValuePairs<String, (any QueryValue)?> = [:],
        queryEncoding: QueryEncoding = QueryEncoding(),
        headers: KeyValuePairs<String, (any ParameterValue)?> = [:],
        cookies: KeyValuePairs<String, (any ParameterValue)?> = [:],
        body: RequestBody? = nil,
        timeout: TimeInterval? = nil,
        retry: RetryPolicy? = nil,
        connectTimeout: TimeInterval? = nil,
        maximumResponseBytes: Int? = nil
    ) {
        self.init(method, path, body: body, timeout: timeout, retry: retry, connectTimeout: connectTimeout, maximumResponseBytes: maximumResponseBytes)
        self.query = query.flatMap { name, value in
            value?.queryItems(named: name, encoding: queryEncoding) ?? []
        }
        self.headers = headers.compactMap { name, value in value.map { (name: name, value: $0.parameterValue) } }
        self.cookies = cookies.flatMap { name, value -> [(name: String, value: String)] in
            guard let value else { return [] }
            return (value as? any CookieValue)?.cookies(named: name) ?? [(name: name, value: value.parameterValue)]
        }
    }

    // The shapes most generated requests take: a path alone, with a query, with a body, with
    // both. Each makes the endpoint the general initializers make, but a call to it passes no
    // default arguments, so every generated request is less code to compile.

    /// An endpoint with no query, headers, cookies or body.
    @_spi(Generated)
    public init(_ method: HTTPRequest.Method, _ path: Path) {
        self.init(method, path, body: nil)
    }

    /// An endpoint with a body and no query, headers or cookies.
    @_spi(Generated)
    public init(_ method: HTTPRequest.Method, _ path: Path, body: RequestBody?) {
        self.init(method, path, query: [:], headers: [:], cookies: [:], body: body)
    }

    /// An endpoint whose query values are all text, with no headers, cookies or body.
    @_spi(Generated)
    public init(
        _ method: HTTPRequest.Method,
        _ path: Path,
        query: KeyValuePairs<String, (any LosslessStringConvertible)?>
    ) {
        self.init(method, path, query: query, headers: [:], cookies: [:], body: nil)
    }

    /// An endpoint whose query values are all text, with a body and no headers or cookies.
    @_spi(Generated)
    public init(
        _ method: HTTPRequest.Method,
        _ path: Path,
        query: KeyValuePairs<String, (any LosslessStringConvertible)?>,
        body: RequestBody?
    ) {
        self.init(method, path, query: query, headers: [:], cookies: [:], body: body)
    }

    /// An endpoint with a query written in the default ``QueryEncoding``, and no headers,
    /// cookies or body.
    @_spi(Generated) @_disfavoredOverload
    public init(_ method: HTTPRequest.Method, _ path: Path, query: KeyValuePairs<String, (any QueryValue)?>) {
        self.init(method, path, query: query, queryEncoding: QueryEncoding(), body: nil)
    }

    /// An endpoint with a query written in the default ``QueryEncoding`` and a body, and no
    /// headers or cookies.
    @_spi(Generated) @_disfavoredOverload
    public init(
        _ method: HTTPRequest.Method,
        _ path: Path,
        query: KeyValuePairs<String, (any QueryValue)?>,
        body: RequestBody?
    ) {
        self.init(method, path, query: query, queryEncoding: QueryEncoding(), body: body)
    }

    /// The generated-code initializer at the absolute `url`.
    @_spi(Generated) @_disfavoredOverload
    public init(
        _ method: HTTPRequest.Method,
        url: URL,
        query: KeyValuePairs<String, (any QueryValue)?> = [:],
        queryEncoding: QueryEncoding = QueryEncoding(),
        headers: KeyValuePairs<String, (any ParameterValue)?> = [:],
        cookies: KeyValuePairs<String, (any ParameterValue)?> = [:],
        body: RequestBody? = nil,
        timeout: TimeInterval? = nil,
        retry: RetryPolicy? = nil,
        connectTimeout: TimeInterval? = nil,
        maximumResponseBytes: Int? = nil
    ) {
        self.init(
            method, "", query: query, queryEncoding: queryEncoding, headers: headers, cookies: cookies, body: body,
            timeout: timeout, retry: retry, connectTimeout: connectTimeout, maximumResponseBytes: maximumResponseBytes
        )
        self.url = url
    }
}
