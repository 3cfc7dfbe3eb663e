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
        let host = self.host.utf8.contains(UInt8(ascii: ":")) ? "[\(self.host)]" : self.host
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
        if let request = directRequest(for: endpoint, method: method, fields: fields) {
            return (request, endpoint.body?.data)
        }
        return (HTTPRequest(method: method, url: try url(for: endpoint), headerFields: fields), endpoint.body?.data)
    }

    /// The request of an endpoint on this server made from its parts, without parsing a `URL`
    /// and taking it apart again; `nil` for what only a `URL` decides (an endpoint's own URL,
    /// an IPv6 host, a character a URL would encode or refuse), which goes that way instead.
    ///
    /// The parts are the same as `HTTPRequest(url:)` takes from the `URL` ``url(for:)`` makes:
    /// the scheme, the host and port, and the path with its query.
    private func directRequest(for endpoint: Endpoint, method: HTTPRequest.Method, fields: HTTPFields) -> HTTPRequest? {
        // The host, a registered name or an IPv4 address, of unreserved characters only: no
        // percent-encoding, no IPv6.
        guard endpoint.url == nil, endpoint.path.dotSegment == nil,
              scheme.utf8.first.map(URLText.isLetter) == true, scheme.utf8.allSatisfy(URLText.isSchemeCharacter),
              !host.isEmpty, host.utf8.allSatisfy(PercentEncoding.isUnreserved)
        else { return nil }
        var path = basePath + endpoint.path.encoded
        guard path.utf8.first == UInt8(ascii: "/") else { return nil }
        if !endpoint.query.isEmpty {
            path += "?"
            for (index, item) in endpoint.query.enumerated() {
                if index > 0 { path += "&" }
                path += PercentEncoding.component(item.name)
                path += "="
                path += PercentEncoding.component(item.value)
            }
        }
        guard URLText.isPathAndQuery(path) else { return nil }
        let authority = port.map { "\(host):\($0)" } ?? host
        return HTTPRequest(method: method, scheme: scheme, authority: authority, path: path, headerFields: fields)
    }
}

/// The characters a URL keeps as they are, for the requests ``Server`` makes without a `URL`.
private enum URLText {
    static func isLetter(_ byte: UInt8) -> Bool {
        (UInt8(ascii: "a")...UInt8(ascii: "z")).contains(byte | 0x20)
    }

    static func isDigit(_ byte: UInt8) -> Bool {
        (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte)
    }

    /// RFC 3986's scheme: letters, digits, `+`, `-` and `.`.
    static func isSchemeCharacter(_ byte: UInt8) -> Bool {
        isLetter(byte) || isDigit(byte) || byte == UInt8(ascii: "+") || byte == UInt8(ascii: "-") || byte == UInt8(ascii: ".")
    }

    /// Whether `text` is a path and query a URL keeps as it is: unreserved characters,
    /// sub-delimiters, `:`, `@`, `/`, `?` and well-formed percent-encodings; no fragment.
    static func isPathAndQuery(_ text: String) -> Bool {
        var escape = 0
        for byte in text.utf8 {
            if escape > 0 {
                guard isDigit(byte) || (UInt8(ascii: "a")...UInt8(ascii: "f")).contains(byte | 0x20) else { return false }
                escape -= 1
                continue
            }
            switch byte {
            case UInt8(ascii: "%"): escape = 2
            case UInt8(ascii: "!"), UInt8(ascii: "$"), UInt8(ascii: "&"), UInt8(ascii: "'"), UInt8(ascii: "("),
                 UInt8(ascii: ")"), UInt8(ascii: "*"), UInt8(ascii: "+"), UInt8(ascii: ","), UInt8(ascii: ";"),
                 UInt8(ascii: "="), UInt8(ascii: ":"), UInt8(ascii: "@"), UInt8(ascii: "/"), UInt8(ascii: "?"):
                continue
            default:
                guard PercentEncoding.isUnreserved(byte) else { return false }
            }
        }
        return escape == 0
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
