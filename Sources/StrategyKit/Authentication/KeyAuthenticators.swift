import Foundation

extension Authenticator {
    /// Where an API key goes.
    public enum KeyPlacement: Hashable, Sendable {
        /// A query item, added after the request's own.
        case query
        /// A header, replacing one of the same name.
        case header
        /// A cookie in the request's `Cookie` header, beside its other cookies, replacing one
        /// of the same name.
        case cookie
    }

    /// Sends a fixed API key `value` as the query item, header or cookie `name`.
    ///
    /// ```swift
    /// .apiKey(name: "X-Api-Key", value: key, in: .header)
    /// ```
    public static func apiKey(name: String, value: String, in placement: KeyPlacement) -> Authenticator {
        // Checked once here, thrown by every request when it doesn't pass.
        let field = Result { () throws(RequestBuildingError) in try HTTPCheck.field(name, value) }
        return Authenticator { request in
            var request = request
            switch placement {
            case .header:
                let field = try field.get()
                request.headerFields[field.name] = field.value
            case .query: request.appendQueryItems([Endpoint.QueryItem(name: name, value: value)])
            case .cookie: try request.headerFields.addCookies([(name: name, value: value)])
            }
            return request
        }
    }

    /// Sends `Authorization: Basic` with the base64-encoded `username:password`; without a
    /// password, with the user name alone (`username:`), as APIs that take a secret key as the
    /// user name expect.
    public static func basic(username: String, password: String = "") -> Authenticator {
        let value = "Basic " + Data("\(username):\(password)".utf8).base64EncodedString()
        return Authenticator { request in
            var request = request
            request.headerFields[.authorization] = value
            return request
        }
    }

    /// Sends the header `name` with a value `token` provides anew for every request (and every
    /// replay), such as a one-time password.
    public static func header(_ name: String, token: @escaping @Sendable () async throws -> String) -> Authenticator {
        Authenticator { request in
            var request = request
            try request.headerFields.setChecked(name, to: try await token())
            return request
        }
    }

    /// Sends `Authorization: Bearer <token>` with the token `tokens` keeps, and renews it
    /// through the refresh `tokens` was given (see ``BearerTokenAuthenticator``).
    public static func bearer(_ tokens: BearerTokenAuthenticator) -> Authenticator {
        Authenticator(
            authenticate: { try await tokens.authenticate($0) },
            renew: { try await tokens.renew(afterRejectionOf: $0) },
            hasCredentials: { await tokens.token != nil }
        )
    }
}
