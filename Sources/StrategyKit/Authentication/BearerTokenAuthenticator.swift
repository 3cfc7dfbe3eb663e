import Foundation

/// Sends `Authorization: Bearer <token>` and renews the token through `refresh` when it has
/// expired or the server rejects it.
///
/// Renewal is single-flight: however many requests find the token expired or rejected at once,
/// `refresh` runs once, and all of them go on with the new token. A request rejected with a
/// token that has since been replaced is replayed with the new one without another refresh.
/// When `refresh` fails, every request waiting on it fails with
/// ``Authenticator/Failure/renewalFailed(underlying:)``; the next request may try again.
///
/// A caller cancelled while a renewal runs stops waiting at once (the renewal goes on for the
/// others), and its request is not replayed. A request that `refresh` itself sends through a
/// client authenticated by this same authenticator (a refresh strategy that doesn't exclude
/// `authentication`) goes out as it is, without a token and without a renewal of its own, so
/// a renewal can never wait on itself.
///
/// A token's ``leeway`` is capped at half of the lifetime it had when the authenticator got
/// it, so a token that lives shorter than the leeway is still used, not renewed on every call.
///
/// An actor, so the token and the renewal in flight are shared safely by concurrent requests.
/// A client authenticates with it through ``Authenticator/bearer(_:)``:
///
/// ```swift
/// let tokens = BearerTokenAuthenticator(token: saved) { old in try await refresh(old) }
/// let client = StrategyClient(server: server, middlewares: [.retry(), .authentication(.bearer(tokens))])
/// ```
public actor BearerTokenAuthenticator {
    /// A bearer token and what is known of its lifetime.
    public struct Token: Hashable, Sendable, Codable {
        /// The token sent in `Authorization: Bearer …`.
        public var accessToken: String
        /// The token that buys a new access token, when the server gave one.
        public var refreshToken: String?
        /// When the access token stops working, when known.
        public var expiresAt: Date?

        /// A token that expires at `expiresAt`, or whose expiry isn't known.
        public init(accessToken: String, refreshToken: String? = nil, expiresAt: Date? = nil) {
            self.accessToken = accessToken
            self.refreshToken = refreshToken
            self.expiresAt = expiresAt
        }

        /// A token that expires `expiresIn` seconds after `now`, as servers usually say it.
        public init(accessToken: String, refreshToken: String? = nil, expiresIn: TimeInterval?, now: Date = Date()) {
            self.init(accessToken: accessToken, refreshToken: refreshToken, expiresAt: expiresIn.map(now.addingTimeInterval))
        }

        /// Whether the token has expired at `date`, or will within `leeway` seconds.
        public func isExpired(at date: Date = Date(), leeway: TimeInterval = 0) -> Bool {
            expiresAt.map { $0.timeIntervalSince(date) <= leeway } ?? false
        }
    }

    /// The token requests are sent with; `nil` before signing in.
    public private(set) var token: Token?
    /// Seconds before its expiry at which a token already counts as expired, at most half the
    /// token's lifetime.
    public let leeway: TimeInterval
    /// When the current token was set, to know its lifetime.
    private var receivedAt = Date()
    private let refresh: (@Sendable (Token) async throws -> Token)?
    private let onChange: (@Sendable (Token?) -> Void)?
    private var renewal: Task<Token, any Error>?

    /// - Parameters:
    ///   - token: the token to start with, e.g. one kept from an earlier run.
    ///   - leeway: seconds before expiry at which the token is renewed ahead of use.
    ///   - refresh: gets a new token for an old one; without it, tokens are never renewed.
    ///   - onChange: told of every new token, e.g. to keep it in the keychain.
    public init(
        token: Token?,
        leeway: TimeInterval = 30,
        refresh: (@Sendable (Token) async throws -> Token)? = nil,
        onChange: (@Sendable (Token?) -> Void)? = nil
    ) {
        self.token = token
        self.leeway = leeway
        self.onChange = onChange
        self.refresh = refresh
    }

    /// Replaces the token, e.g. after signing in or out.
    public func setToken(_ token: Token?) {
        self.token = token
        receivedAt = Date()
        onChange?(token)
    }

    /// The leeway for the current token: ``leeway``, but no more than half its lifetime.
    private var effectiveLeeway: TimeInterval {
        guard let expiresAt = token?.expiresAt else { return leeway }
        return min(leeway, max(expiresAt.timeIntervalSince(receivedAt), 0) / 2)
    }

    /// Whether the running task is this authenticator's own renewal.
    private var isInsideOwnRenewal: Bool {
        RenewalScope.current.contains(ObjectIdentifier(self))
    }

    /// Adds `Authorization: Bearer …`, first renewing a token that expires within ``leeway``;
    /// a request sent by this authenticator's own renewal goes out unchanged.
    ///
    /// - Throws: ``Authenticator/Failure/noCredentials`` when there is no token;
    ///   ``Authenticator/Failure/renewalFailed(underlying:)`` when renewing fails;
    ///   `CancellationError` when the caller was cancelled while waiting for a renewal.
    public func authenticate(_ request: HTTPRequest) async throws -> HTTPRequest {
        if isInsideOwnRenewal { return request }
        guard var token else { throw Authenticator.Failure.noCredentials }
        if refresh != nil, token.isExpired(leeway: effectiveLeeway) {
            token = try await renew(replacing: token)
        }
        var request = request
        try request.headerFields.setChecked("Authorization", to: "Bearer \(token.accessToken)")
        return request
    }

    /// Renews the token the server rejected, unless another request already did; returns whether
    /// the request is worth replaying (`false` without a `refresh` closure or a token).
    public func renew(afterRejectionOf request: HTTPRequest) async throws -> Bool {
        guard refresh != nil, let token, !isInsideOwnRenewal else { return false }
        if request.headerFields[.authorization] != "Bearer \(token.accessToken)" {
            return true  // renewed since this request was sent: replay it with the new token
        }
        _ = try await renew(replacing: token)
        return true
    }

    /// The renewed token; joins the renewal in flight if there is one.
    private func renew(replacing stale: Token) async throws -> Token {
        if let renewal {
            return try await outcome(of: renewal)
        }
        if let token, token != stale {
            return token
        }
        guard let refresh else { throw Authenticator.Failure.noCredentials }
        // The task stores the new token before anyone sees it finish, so every waiter that
        // goes on to authenticate finds it in place; it ends the renewal itself, since the
        // caller that started it may stop waiting (cancelled) while others still wait.
        let scope = RenewalScope.current.union([ObjectIdentifier(self)])
        let task = Task {
            do {
                let fresh = try await RenewalScope.$current.withValue(scope) { try await refresh(stale) }
                self.setToken(fresh)
                self.renewal = nil
                return fresh
            } catch {
                self.renewal = nil
                throw error
            }
        }
        renewal = task
        return try await outcome(of: task)
    }

    /// The renewal's token; a cancelled caller stops waiting with `CancellationError`.
    private func outcome(of task: Task<Token, any Error>) async throws -> Token {
        let result = await CancellableWait.result(of: task)
        try Task.checkCancellation()
        do {
            return try result.get()
        } catch {
            throw Authenticator.Failure.renewalFailed(underlying: error)
        }
    }
}

/// The authenticators whose renewal the current task is running.
enum RenewalScope {
    @TaskLocal static var current: Set<ObjectIdentifier> = []
}
