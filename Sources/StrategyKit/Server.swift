import Foundation

/// Where an API lives: scheme, host, port and the path every endpoint's path is appended to.
///
/// One API usually has several servers (production, staging, a local mock); endpoints
/// never name a server, so the same strategy runs against any of them.
public struct Server: Hashable, Sendable, CustomStringConvertible {
    public var scheme: String
    public var host: String
    public var port: Int?
    /// A percent-encoded path prefix such as `/v1`, or empty.
    public var basePath: String

    public init(scheme: String = "https", host: String, port: Int? = nil, basePath: String = "") {
        self.scheme = scheme
        self.host = host
        self.port = port
        self.basePath = basePath.hasSuffix("/") ? String(basePath.dropLast()) : basePath
    }

    /// `scheme://host[:port]basePath`, with an IPv6 host in brackets.
    public var description: String {
        let host = self.host.contains(":") ? "[\(self.host)]" : self.host
        let port = self.port.map { ":\($0)" } ?? ""
        return "\(scheme)://\(host)\(port)\(basePath)"
    }

    /// The absolute URL of `endpoint` on this server.
    public func url(for endpoint: Endpoint) throws -> URL {
        var string = description + endpoint.path.encoded
        let query = endpoint.query.compactMap { item in
            item.value.map { "\(PercentEncoding.queryComponent(item.name))=\(PercentEncoding.queryComponent($0))" }
        }
        if !query.isEmpty {
            string += "?" + query.joined(separator: "&")
        }
        guard let url = URL(string: string) else {
            throw RequestBuildingError.invalidURL(string)
        }
        return url
    }
}

/// A request that could not be built from its endpoint.
public enum RequestBuildingError: Error, Hashable, Sendable {
    /// The server and the endpoint together do not make a valid URL.
    case invalidURL(String)
}
