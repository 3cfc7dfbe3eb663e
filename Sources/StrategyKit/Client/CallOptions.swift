import Foundation

extension StrategyClient {
    /// Settings for the calls of one client value that differ from the client's own: a
    /// deadline, extra headers and query items, the retry policy, an idempotency key, another
    /// server, and the header a request id comes in.
    ///
    /// A client keeps its settings (``StrategyClient/limits``, its middlewares, its server) as
    /// the default; ``StrategyClient/with(_:)`` gives a copy whose calls take these in their
    /// place. Each option is one value, so they combine in a list and read at the call site:
    ///
    /// ```swift
    /// let user = try await client.with(.timeout(5), .header("X-Trace", traceID)).call(GetUser(), input)
    /// let charge = try await client.with(.idempotencyKey(orderID), .retry(.never)).call(CreateCharge(), order)
    /// let options = StrategyClient.CallOptions(timeout: 5, headers: ["X-Trace": traceID])
    /// let user = try await client.with(options).call(GetUser(), input)
    /// ```
    ///
    /// The options go with the client value rather than with a parameter of each method, so
    /// every way of calling takes them alike — ``StrategyClient/call(_:_:)``,
    /// ``StrategyClient/send(_:_:)``, ``StrategyClient/pages(_:_:)`` (every page),
    /// ``StrategyClient/stream(_:_:limits:)``, ``StrategyClient/upload(_:_:body:limits:progress:)``
    /// and ``StrategyClient/download(_:_:to:limits:progress:)`` — and a generated client takes
    /// them by wrapping the copy: `UsersClient(client: users.client.with(.timeout(5)))`.
    /// A client made without options carries none, so a plain call costs nothing more.
    ///
    /// A value set here wins over the endpoint's own (``Endpoint/timeout``, ``Endpoint/retry``,
    /// a header or query item of the same name) and over the client's. Middlewares see the
    /// options of the call in ``Middleware/Context/options``.
    public struct CallOptions: Sendable {
        /// The deadline in seconds for each attempt, in place of the endpoint's
        /// (``Endpoint/timeout``) and the client's (``StrategyClient/Limits/timeout``); for a
        /// stream, the first-byte deadline too unless ``StreamLimits/firstByte`` sets one.
        public var timeout: TimeInterval?
        /// Headers added to each request, replacing the endpoint's of the same name, in order;
        /// checked like the endpoint's, so a CR or LF fails with a ``RequestBuildingError``.
        public var headers: [(name: String, value: String)]
        /// Query items added after the endpoint's own, replacing those of the same name. A
        /// next page's link that carries an item of the same name keeps its own.
        public var query: [Endpoint.QueryItem]
        /// The retry policy, in place of the endpoint's and the client's: ``RetryPolicy/never``
        /// sends each request once. It applies in full, even where the client's policy switches
        /// retrying off, and takes effect through the client's ``Middleware/retry(_:name:)``
        /// (a client without that middleware doesn't retry).
        public var retry: RetryPolicy?
        /// Sent in the `Idempotency-Key` header, so the server can tell a repeated call from a
        /// new one; the retry middleware sends it with every attempt, and uses it in place of a
        /// key of its own under ``RetryPolicy/idempotencyKeyHeader``.
        public var idempotencyKey: String?
        /// The server the call goes to, in place of the client's and the strategy's own
        /// (``Strategy/server``); it gets the API's defaults and credentials. An endpoint's
        /// absolute URL (``Endpoint/url``) still goes where it says.
        public var server: Server?
        /// The response header that carries the request id, looked up before the common ones
        /// (``StrategyClient/Answer/requestID``).
        public var requestIDHeader: String?

        /// Options; each parameter is described by the property of the same name. A `nil`
        /// value leaves the client's (or endpoint's) setting in place.
        public init(
            timeout: TimeInterval? = nil,
            headers: KeyValuePairs<String, String> = [:],
            query: KeyValuePairs<String, any LosslessStringConvertible> = [:],
            retry: RetryPolicy? = nil,
            idempotencyKey: String? = nil,
            server: Server? = nil,
            requestIDHeader: String? = nil
        ) {
            self.timeout = timeout
            self.headers = headers.map { (name: $0.key, value: $0.value) }
            self.query = query.map { Endpoint.QueryItem(name: $0.key, value: ParameterText.of($0.value)) }
            self.retry = retry
            self.idempotencyKey = idempotencyKey
            self.server = server
            self.requestIDHeader = requestIDHeader
        }

        /// A deadline of `seconds` for each attempt (``timeout``).
        public static func timeout(_ seconds: TimeInterval) -> CallOptions {
            CallOptions(timeout: seconds)
        }

        /// The header `name: value` on each request (``headers``).
        public static func header(_ name: String, _ value: String) -> CallOptions {
            CallOptions(headers: [name: value])
        }

        /// The query item `name=value` on each request, the value written as its text (``query``).
        public static func query(_ name: String, _ value: any LosslessStringConvertible) -> CallOptions {
            CallOptions(query: [name: value])
        }

        /// The retry policy `policy`; `.retry(.never)` for none (``retry``).
        public static func retry(_ policy: RetryPolicy) -> CallOptions {
            CallOptions(retry: policy)
        }

        /// The idempotency key `key` (``idempotencyKey``).
        public static func idempotencyKey(_ key: String) -> CallOptions {
            CallOptions(idempotencyKey: key)
        }

        /// The server `server` (``server``).
        public static func server(_ server: Server) -> CallOptions {
            CallOptions(server: server)
        }

        /// The request id read from the response header `name` first (``requestIDHeader``).
        public static func requestIDHeader(_ name: String) -> CallOptions {
            CallOptions(requestIDHeader: name)
        }

        /// These options with `other`'s on top: each value `other` sets replaces this one's,
        /// and its headers and query items come after these, replacing those of the same name.
        public func merging(_ other: CallOptions) -> CallOptions {
            var merged = self
            merged.timeout = other.timeout ?? timeout
            merged.headers = Self.replacing(headers, with: other.headers, name: { $0.name })
            merged.query = Self.replacing(query, with: other.query, name: { $0.name })
            merged.retry = other.retry ?? retry
            merged.idempotencyKey = other.idempotencyKey ?? idempotencyKey
            merged.server = other.server ?? server
            merged.requestIDHeader = other.requestIDHeader ?? requestIDHeader
            return merged
        }

        /// `base` without the elements named as one of `added` is (case-insensitively), then `added`.
        private static func replacing<Element>(_ base: [Element], with added: [Element], name: (Element) -> String) -> [Element] {
            guard !added.isEmpty else { return base }
            let names = Set(added.map { name($0).lowercased() })
            return base.filter { !names.contains(name($0).lowercased()) } + added
        }

        /// Puts the headers, the idempotency key and the query items on `endpoint`; a next
        /// page's `link` keeps the items of the names it carries.
        func apply(to endpoint: inout Endpoint, following link: URL?) {
            var headers = self.headers
            if let idempotencyKey { headers.append((name: "Idempotency-Key", value: idempotencyKey)) }
            endpoint.headers = Self.replacing(endpoint.headers, with: headers, name: { $0.name })
            var query = self.query
            if let link, !query.isEmpty {
                let carried = Set(URLComponents(url: link, resolvingAgainstBaseURL: true)?.queryItems?.map { $0.name.lowercased() } ?? [])
                query.removeAll { carried.contains($0.name.lowercased()) }
            }
            endpoint.query = Self.replacing(endpoint.query, with: query, name: { $0.name })
        }
    }

    /// This client with `options` for every call made through it, later ones winning over
    /// earlier ones and over options it has already; the client it was made from is unchanged.
    ///
    /// ```swift
    /// let user = try await client.with(.timeout(5), .header("X-Trace", traceID)).call(GetUser(), input)
    /// for try await page in client.with(.query("locale", "de")).pages(GetWall(), input) { … }
    /// ```
    public func with(_ options: CallOptions...) -> StrategyClient {
        var client = self
        client.callOptions = options.reduce(callOptions ?? CallOptions()) { $0.merging($1) }
        return client
    }

    /// The server a call of `strategy` goes to: the call's, else the strategy's own (or its
    /// replacement), else the client's.
    func server(for strategy: some Strategy) -> Server {
        if let server = callOptions?.server { return server }
        guard !ignoresStrategyServers, let own = strategy.server else { return server }
        return serverReplacements[own] ?? own
    }

    /// The limits of a call of `endpoint`: the client's, with the endpoint's and then the call's in their place.
    func limits(for endpoint: Endpoint) -> StrategyClient.Limits {
        var limits = self.limits.overridden(by: endpoint)
        if let timeout = callOptions?.timeout { limits.timeout = timeout }
        return limits
    }
}
