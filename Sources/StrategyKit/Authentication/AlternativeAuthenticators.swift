import Foundation

extension Authenticator {
    /// Authenticates in one of several ways, as an API that takes, say, a Basic credential or a
    /// bearer token documents: each request goes the first way, in order, whose authenticators
    /// all have credentials (``hasCredentials()``), and only that way. A way lists the
    /// authenticators whose credentials go together (a key and an application id); `nil`
    /// stands for one the caller didn't set up, so a way holding it is never taken.
    ///
    /// ```swift
    /// .anyOf([[basic], [.bearer(tokens)]])      // Basic when given, else the bearer token
    /// .anyOf([[key, appID], [.bearer(tokens)]]) // the key and the app id together, or the token
    /// ```
    ///
    /// When no way has all its credentials, an empty way (the API also takes requests without
    /// credentials) sends the request as it is; without one, the first way adds what it has,
    /// so a missing bearer token fails the request with ``Failure/noCredentials`` as it would
    /// alone. A rejected request is renewed by the way it went.
    public static func anyOf(_ ways: [[Authenticator?]]) -> Authenticator {
        /// The first way whose authenticators are all set up and have credentials, if any.
        @Sendable func ready() async -> [Authenticator]? {
            for way in ways {
                let authenticators = way.compactMap { $0 }
                guard authenticators.count == way.count else { continue }
                var hasAll = true
                for authenticator in authenticators where await !authenticator.hasCredentials() {
                    hasAll = false
                    break
                }
                if hasAll { return authenticators }
            }
            return nil
        }
        @Sendable func chosen() async -> [Authenticator] {
            if let way = await ready() { return way }
            if ways.contains(where: \.isEmpty) { return [] }
            return ways.first?.compactMap { $0 } ?? []
        }
        return Authenticator(
            authenticate: { request in
                var request = request
                for authenticator in await chosen() {
                    request = try await authenticator.authenticate(request)
                }
                return request
            },
            isRejection: { response in
                ways.joined().contains { $0?.isRejection(response) == true }
            },
            renew: { rejected in
                var renewed = false
                for authenticator in await chosen() where try await authenticator.renew(afterRejectionOf: rejected) {
                    renewed = true
                }
                return renewed
            },
            hasCredentials: { await ready() != nil }
        )
    }
}
