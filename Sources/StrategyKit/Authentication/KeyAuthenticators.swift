import Foundation

/// Sends a fixed API key as a query item, a header or a cookie.
public struct APIKeyAuthenticator: Authenticator {
    /// Where the key goes.
    public enum Placement: Hashable, Sendable {
        /// A query item, added after the request's own.
        case query
        /// A header, replacing one of the same name.
        case header
        /// A cookie in the request's `Cookie` header, beside its other cookies, replacing one
        /// of the same name.
        case cookie
    }

    /// The query item's, header's or cookie's name.
    public var name: String
    /// The key.
    public var value: String
    /// Where the key goes.
    public var placement: Placement

    /// Sends `value` as the query item, header or cookie `name`.
    public init(name: String, value: String, in placement: Placement) {
        self.name = name
        self.value = value
        self.placement = placement
    }

    /// The request with the key added.
    public func authenticate(_ request: HTTPRequest) async throws -> HTTPRequest {
        var request = request
        switch placement {
        case .header: try request.headerFields.setChecked(name, to: value)
        case .query: request.appendQueryItems([Endpoint.QueryItem(name: name, value: value)])
        case .cookie: try request.headerFields.addCookies([(name: name, value: value)])
        }
        return request
    }
}

/// Sends `Authorization: Basic` with a user name and password.
public struct BasicAuthenticator: Authenticator {
    /// The user name.
    public var username: String
    /// The password; empty for an API that takes a secret key as the user name alone.
    public var password: String

    /// Signs requests in with `username` and `password`; without a password, with the user name
    /// alone (`username:`), as APIs that take a secret key as the user name expect.
    public init(username: String, password: String = "") {
        self.username = username
        self.password = password
    }

    /// The request with `Authorization: Basic` and the base64-encoded `username:password`.
    public func authenticate(_ request: HTTPRequest) async throws -> HTTPRequest {
        var request = request
        request.headerFields[.authorization] = "Basic " + Data("\(username):\(password)".utf8).base64EncodedString()
        return request
    }
}

/// Sends a header whose value a closure provides anew for every request (and every replay),
/// such as a one-time password.
public struct HeaderTokenAuthenticator: Authenticator {
    /// The header's name.
    public var header: String
    private let token: @Sendable () async throws -> String

    /// Sends what `token` returns, asked anew for every request, as the header `header`.
    public init(header: String, token: @escaping @Sendable () async throws -> String) {
        self.header = header
        self.token = token
    }

    /// The request with the header set to a fresh value from the closure.
    public func authenticate(_ request: HTTPRequest) async throws -> HTTPRequest {
        var request = request
        try request.headerFields.setChecked(header, to: try await token())
        return request
    }
}
