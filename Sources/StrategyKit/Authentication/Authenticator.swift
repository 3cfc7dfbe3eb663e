import Foundation

/// Adds credentials to requests and renews them when the server rejects them.
///
/// An ``AuthenticationMiddleware`` asks it to enrich each request, and when the response is a
/// rejection (``isRejection(_:)``, a 401 by default) asks it to renew and replays the request,
/// a bounded number of times.
///
/// Every header field and query item `authenticate(_:)` adds or changes counts as a
/// credential: logs and traces redact it, and a redirect to another origin takes it off.
public protocol Authenticator: Sendable {
    /// `request` with credentials added. May renew credentials it knows have expired first.
    ///
    /// - Throws: ``RequestBuildingError`` for a credential that can't be sent as a header
    ///   value (one holding CR or LF), so it is never sent changed.
    func authenticate(_ request: HTTPRequest) async throws -> HTTPRequest

    /// Whether `response` says the credentials were not accepted. The default: status 401.
    func isRejection(_ response: HTTPResponse) -> Bool

    /// Renews credentials after the server rejected `request` (as this authenticator
    /// authenticated it). Returns whether replaying the request is worthwhile; the default
    /// can't renew and returns `false`.
    func renew(afterRejectionOf request: HTTPRequest) async throws -> Bool
}

extension Authenticator {
    /// A 401 response.
    public func isRejection(_ response: HTTPResponse) -> Bool {
        response.status.code == 401
    }

    /// Can't renew: returns `false`, so the rejection is returned as it is.
    public func renew(afterRejectionOf request: HTTPRequest) async throws -> Bool {
        false
    }
}

/// Authenticates every request with an ``Authenticator`` and replays a rejected one after the
/// authenticator renewed its credentials, at most ``maxReplays`` times.
///
/// A strategy that must go without credentials (a login) opts out with
/// `.excluding(["authentication"])`.
public struct AuthenticationMiddleware: Middleware {
    /// The name strategies exclude it by; `authentication` by default.
    public var name: String
    /// Adds the credentials and renews them.
    public var authenticator: any Authenticator
    /// How many times one request is sent again after a rejection and a renewal.
    public var maxReplays: Int

    /// Authenticates every request with `authenticator`.
    ///
    /// - Parameters:
    ///   - authenticator: adds the credentials and renews them.
    ///   - maxReplays: how many times one request is sent again after a rejection; 1 by default.
    ///   - name: the name strategies exclude this middleware by.
    public init(authenticator: any Authenticator, maxReplays: Int = 1, name: String = "authentication") {
        self.authenticator = authenticator
        self.maxReplays = maxReplays
        self.name = name
    }

    /// Sends the authenticated request, and replays it when it was rejected and then renewed.
    /// A request to a server that isn't the API's (``RequestContext/isAPIServer``) goes
    /// without credentials.
    public func intercept(
        _ request: HTTPRequest,
        body: Data?,
        context: RequestContext,
        next: @Sendable (HTTPRequest, Data?) async throws -> (HTTPResponse, Data)
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
        for field in authenticated.headerFields
        where authenticated.headerFields[values: field.name] != request.headerFields[values: field.name] {
            names.insert(field.name.canonicalName)
        }
        var before = request.queryItemNames
        for name in authenticated.queryItemNames {
            if let index = before.firstIndex(of: name) { before.remove(at: index) } else { names.insert(name) }
        }
        return names
    }
}

/// Credentials could not be had or renewed; the request was not sent again.
public enum AuthenticationError: Error, CustomStringConvertible, Sendable {
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
