import Foundation

/// Adds credentials to requests and renews them when the server rejects them.
///
/// The authentication middleware (``Middleware/authentication(_:maxReplays:name:)``) asks it
/// to enrich each request, and when the response is a rejection (``isRejection(_:)``, a 401
/// by default) asks it to renew and replays the request, a bounded number of times.
///
/// The runtime's own are ``apiKey(name:value:in:)``, ``basic(username:password:)``,
/// ``header(_:token:)`` and ``bearer(_:)``; your own is a closure or three:
///
/// ```swift
/// let signed = Authenticator { request in
///     var request = request
///     request.headerFields[HTTPField.Name("X-Signature")!] = sign(request)
///     return request
/// }
/// ```
///
/// Every header field and query item it adds or changes counts as a credential: logs and
/// traces redact it, and a redirect to another origin takes it off.
public struct Authenticator: Sendable {
    private let enrich: @Sendable (HTTPRequest) async throws -> HTTPRequest
    private let rejects: @Sendable (HTTPResponse) -> Bool
    private let renewal: @Sendable (HTTPRequest) async throws -> Bool
    private let available: @Sendable () async -> Bool

    /// An authenticator made of closures.
    ///
    /// - Parameters:
    ///   - authenticate: returns the request with credentials added; may renew credentials it
    ///     knows have expired first. It throws ``RequestBuildingError`` for a credential that
    ///     can't be sent as a header value (one holding CR or LF), so it is never sent changed.
    ///   - isRejection: whether a response says the credentials were not accepted; a 401 by default.
    ///   - renew: renews credentials after the server rejected a request (as `authenticate`
    ///     made it) and returns whether replaying it is worthwhile; by default it can't renew
    ///     and returns `false`, so the rejection is returned as it is.
    ///   - hasCredentials: whether it has credentials to add now; always by default. Where a
    ///     request may authenticate in one of several ways (``anyOf(_:)``), it goes the first
    ///     way whose authenticators all have them.
    public init(
        authenticate: @escaping @Sendable (HTTPRequest) async throws -> HTTPRequest,
        isRejection: @escaping @Sendable (HTTPResponse) -> Bool = { $0.status.code == 401 },
        renew: @escaping @Sendable (_ rejected: HTTPRequest) async throws -> Bool = { _ in false },
        hasCredentials: @escaping @Sendable () async -> Bool = { true }
    ) {
        enrich = authenticate
        rejects = isRejection
        renewal = renew
        available = hasCredentials
    }

    /// `request` with credentials added.
    public func authenticate(_ request: HTTPRequest) async throws -> HTTPRequest {
        try await enrich(request)
    }

    /// Whether `response` says the credentials were not accepted.
    public func isRejection(_ response: HTTPResponse) -> Bool {
        rejects(response)
    }

    /// Renews credentials after the server rejected `request`; returns whether replaying the
    /// request is worthwhile.
    public func renew(afterRejectionOf request: HTTPRequest) async throws -> Bool {
        try await renewal(request)
    }

    /// Whether it has credentials to add now (a bearer authenticator before signing in has none).
    public func hasCredentials() async -> Bool {
        await available()
    }
}

extension Middleware {
    /// Authenticates every request with `authenticator` and replays a rejected one after the
    /// authenticator renewed its credentials, at most `maxReplays` times. A request to a server
    /// that isn't the API's (``Middleware/Context/isAPIServer``) goes without credentials.
    ///
    /// A strategy that must go without credentials (a login) opts out with
    /// `.excluding(["authentication"])`.
    ///
    /// - Parameters:
    ///   - authenticator: adds the credentials and renews them.
    ///   - maxReplays: how many times one request is sent again after a rejection; 1 by default.
    ///   - name: the name strategies exclude it by; `authentication` by default.
    public static func authentication(_ authenticator: Authenticator, maxReplays: Int = 1, name: String = "authentication") -> Middleware {
        Middleware(AuthenticationMiddleware(authenticator: authenticator, maxReplays: maxReplays, name: name))
    }
}

/// Authenticates every request with an ``Authenticator`` and replays a rejected one after the
/// authenticator renewed its credentials, at most ``maxReplays`` times.
struct AuthenticationMiddleware: Intercepting {
    /// The name strategies exclude it by; `authentication` by default.
    var name: String
    /// Adds the credentials and renews them.
    var authenticator: Authenticator
    /// How many times one request is sent again after a rejection and a renewal.
    var maxReplays: Int

    /// Authenticates every request with `authenticator`.
    init(authenticator: Authenticator, maxReplays: Int = 1, name: String = "authentication") {
        self.authenticator = authenticator
        self.maxReplays = maxReplays
        self.name = name
    }

    /// Sends the authenticated request, and replays it when it was rejected and then renewed.
    func intercept(
        _ request: HTTPRequest,
        body: Data?,
        context: Middleware.Context,
        next: Middleware.Next
    ) async throws -> (HTTPResponse, Data) {
        guard context.isAPIServer else { return try await next(request, body) }
        var replays = 0
        while true {
            let authenticated = try await authenticator.authenticate(request)
            // A caller cancelled while credentials were renewed sends nothing more.
            try Task.checkCancellation()
            let credentials = Credentials.names.union(Credentials.added(from: request, to: authenticated))
            let (response, responseBody) = try await Credentials.$names.withValue(credentials) {
                try await next(authenticated, body)
            }
            guard authenticator.isRejection(response), replays < maxReplays,
                  try await authenticator.renew(afterRejectionOf: authenticated) else {
                return (response, responseBody)
            }
            replays += 1
        }
    }
}

/// The names (lower-cased) of the header fields and query items that carry credentials in the
/// request on its way down the chain, for the logging and tracing middlewares to redact and
/// for redirects to another origin to take off.
enum Credentials {
    @TaskLocal static var names: Set<String> = []

    /// The names of the header fields and query items `authenticated` adds to or changes in `request`.
    static func added(from request: HTTPRequest, to authenticated: HTTPRequest) -> Set<String> {
        var names = Set<String>()
        let own = request.headerFields, fields = authenticated.headerFields
        if fields.count >= own.count, fields.prefix(own.count).elementsEqual(own) {
            // Fields appended after the request's own, as authenticators add them: those are new.
            for field in fields.dropFirst(own.count) { names.insert(field.name.canonicalName) }
        } else {
            for field in fields where fields[values: field.name] != own[values: field.name] {
                names.insert(field.name.canonicalName)
            }
        }
        // The same request-target has the same query items.
        guard authenticated.path != request.path else { return names }
        var before = request.queryItemNames
        for name in authenticated.queryItemNames {
            if let index = before.firstIndex(of: name) { before.remove(at: index) } else { names.insert(name) }
        }
        return names
    }
}

extension Authenticator {
    /// Credentials could not be had or renewed; the request was not sent again.
    public enum Failure: Error, CustomStringConvertible, Sendable {
        /// The authenticator has no credentials to add (e.g. before logging in).
        case noCredentials
        /// Renewing the credentials failed with `underlying`.
        case renewalFailed(underlying: any Error)

        /// What went wrong, for logs. It names the underlying error's type (or a
        /// ``TransportError``'s kind) but never repeats its
        /// description, which may hold a refresh token or a URL with a key; read
        /// ``underlying`` in code.
        public var description: String {
            switch self {
            case .noCredentials: "no credentials to authenticate the request with"
            case .renewalFailed(let underlying): "renewing the credentials failed: \(Self.summary(of: underlying))"
            }
        }

        /// The error renewing failed with, if it did.
        public var underlying: (any Error)? {
            if case .renewalFailed(let underlying) = self { underlying } else { nil }
        }

        private static func summary(of error: any Error) -> String {
            switch error {
            case let error as TransportError: error.description
            case is CancellationError: "cancelled"
            default: "\(type(of: error))"
            }
        }
    }
}
