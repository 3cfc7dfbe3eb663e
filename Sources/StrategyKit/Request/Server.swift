import Foundation

/// Where an API lives: scheme, host, port and the path every endpoint's path is appended to.
///
/// One API usually has several servers (production, staging, a local mock); endpoints
/// never name a server, so the same strategy runs against any of them.
public struct Server: Hashable, Sendable, CustomStringConvertible {
    /// The URL scheme, such as `https`.
    public var scheme: String
    /// A host name or an IP address (IPv6 without brackets).
    public var host: String
    /// The port, when not the scheme's default.
    public var port: Int?
    /// A percent-encoded path prefix such as `/v1`, or empty.
    public var basePath: String

    /// A server; a trailing `/` of `basePath` is dropped.
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

    /// The absolute URL of `endpoint` on this server, or the endpoint's own ``Endpoint/url``.
    public func url(for endpoint: Endpoint) throws(RequestBuildingError) -> URL {
        if let segment = endpoint.path.dotSegment {
            throw RequestBuildingError.dotSegment(segment)
        }
        var string = description + endpoint.path.encoded
        if let url = endpoint.url {
            guard let scheme = url.scheme?.lowercased(), scheme == "http" || scheme == "https", url.host != nil else {
                throw RequestBuildingError.invalidURL(url.absoluteString)
            }
            var components = URLComponents(url: url, resolvingAgainstBaseURL: true)
            components?.fragment = nil
            string = components?.string ?? url.absoluteString
        }
        if !endpoint.query.isEmpty {
            string += (endpoint.url?.query == nil ? "?" : "&") + endpoint.query
                .map { "\(PercentEncoding.component($0.name))=\(PercentEncoding.component($0.value))" }
                .joined(separator: "&")
        }
        guard let url = URL(string: string) else {
            throw RequestBuildingError.invalidURL(string)
        }
        return url
    }

    /// The request `endpoint` makes on this server, and its body, with the body's content
    /// type unless the endpoint sets its own.
    ///
    /// The method and every header are checked before they become HTTPTypes values (which
    /// would turn a CR or LF into a space): one that could split the request throws.
    public func request(for endpoint: Endpoint) throws(RequestBuildingError) -> (HTTPRequest, Data?) {
        let method = try HTTPCheck.method(endpoint.method)
        var fields = HTTPFields()
        for (name, value) in endpoint.headers {
            fields.append(try HTTPCheck.field(name, value))
        }
        if !endpoint.cookies.isEmpty {
            try fields.addCookies(endpoint.cookies)
        }
        if let body = endpoint.body, fields[.contentType] == nil {
            fields.append(try HTTPCheck.field("Content-Type", body.contentType))
        }
        return (HTTPRequest(method: method, url: try url(for: endpoint), headerFields: fields), endpoint.body?.data)
    }
}

/// A request that could not be built from its endpoint; nothing was sent.
public enum RequestBuildingError: Error, Hashable, Sendable {
    /// The server and the endpoint together do not make a valid URL.
    case invalidURL(String)
    /// A header name that isn't an HTTP token.
    case invalidHeaderName(String)
    /// A header value holding CR, LF or another control character, which could split the request.
    case invalidHeaderValue(name: String)
    /// A method that isn't an HTTP token (e.g. holds a space, CR or LF), which could split the request.
    case invalidMethod(String)
    /// A path value that is `.` or `..`: sent even percent-encoded, URL normalisation would turn
    /// it into a step up or across the path, so it is refused.
    case dotSegment(String)
    /// A cookie whose name isn't an HTTP token, or whose value holds a character RFC 6265
    /// doesn't let a cookie hold: a space, `"`, `,`, `;`, `\`, a control character or one
    /// beyond ASCII.
    case invalidCookie(name: String)
}
