import Foundation

/// Sends a fixed API key as a query item or a header.
public struct APIKeyAuthenticator: Authenticator {
    public enum Placement: Hashable, Sendable {
        case query
        case header
    }

    public var name: String
    public var value: String
    public var placement: Placement

    public init(name: String, value: String, in placement: Placement) {
        self.name = name
        self.value = value
        self.placement = placement
    }

    public func authenticate(_ request: HTTPRequest) async throws -> HTTPRequest {
        var request = request
        switch placement {
        case .header: request.headers[name] = value
        case .query: request.url = request.url.appendingQueryItems([Endpoint.QueryItem(name: name, value: value)])
        }
        return request
    }
}

/// Sends `Authorization: Basic` with a user name and password.
public struct BasicAuthenticator: Authenticator {
    public var username: String
    public var password: String

    public init(username: String, password: String) {
        self.username = username
        self.password = password
    }

    public func authenticate(_ request: HTTPRequest) async throws -> HTTPRequest {
        var request = request
        request.headers["Authorization"] = "Basic " + Data("\(username):\(password)".utf8).base64EncodedString()
        return request
    }
}

/// Sends a header whose value a closure provides anew for every request (and every replay),
/// such as a one-time password.
public struct HeaderTokenAuthenticator: Authenticator {
    public var header: String
    private let token: @Sendable () async throws -> String

    public init(header: String, token: @escaping @Sendable () async throws -> String) {
        self.header = header
        self.token = token
    }

    public func authenticate(_ request: HTTPRequest) async throws -> HTTPRequest {
        var request = request
        request.headers[header] = try await token()
        return request
    }
}
