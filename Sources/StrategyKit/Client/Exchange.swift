import Foundation

/// The last link of a client's chain: sends one request through the transport under the
/// client's rules — validated, not started when cancelled, within its deadline and size
/// limit, following redirects by ``RedirectPolicy``.
struct Exchange: Sendable {
    let transport: any Transport
    let limits: RequestLimits
    let hooks: Hooks
    let context: RequestContext

    func send(_ request: HTTPRequest) async throws -> HTTPResponse {
        // Middlewares and authenticators change the request after it was built: check it again
        // where it leaves, so no method or header value can split it.
        try request.validate()
        try TransportError.checkCancellation()
        let request = limits.applied(to: request)
        return try await withDeadline(seconds: request.timeout ?? limits.timeout) {
            try await follow(request)
        }
    }

    private func follow(_ first: HTTPRequest) async throws -> HTTPResponse {
        var request = first
        var redirects = 0
        while true {
            try TransportError.checkCancellation()
            hooks.willSend?(request, context)
            let response = try await transport.send(request)
            let limit = request.maximumResponseBytes ?? limits.maximumResponseBytes
            if response.body.count > limit {
                throw TransportError(.responseTooLarge, detail: "more than \(limit) bytes")
            }
            hooks.didReceive?(response, context)
            guard case .follow(let max) = limits.redirects, let next = Redirect.request(following: response, to: request) else {
                return response
            }
            redirects += 1
            guard redirects <= max else {
                throw TransportError(.invalidResponse, detail: "more than \(max) redirects")
            }
            request = next
        }
    }
}

/// The runtime's one rule for following a redirect.
enum Redirect {
    /// The statuses that redirect.
    static let statuses: Set<Int> = [301, 302, 303, 307, 308]
    /// Headers that carry credentials whether or not an authenticator marked them.
    static let credentialHeaders: Set<String> = ["authorization", "proxy-authorization", "cookie"]

    /// The request that follows `response` to `request`, or `nil` when it doesn't redirect
    /// (no redirect status, no `Location`, or a scheme other than http and https).
    static func request(following response: HTTPResponse, to request: HTTPRequest) -> HTTPRequest? {
        guard statuses.contains(response.statusCode),
              let location = response.headers["Location"],
              let url = URL(string: location, relativeTo: request.url)?.absoluteURL,
              let scheme = url.scheme?.lowercased(), scheme == "http" || scheme == "https", url.host != nil
        else { return nil }
        var next = request
        next.url = url
        let becomesGet = response.statusCode == 303 ? request.method != .head
            : [301, 302].contains(response.statusCode) && request.method == .post
        if becomesGet {
            next.method = .get
            next.body = nil
            for name in ["Content-Type", "Content-Length", "Content-Encoding", "Transfer-Encoding"] {
                next.headers.remove(name: name)
            }
        }
        if !sameOrigin(request.url, url) {
            strip(&next)
        }
        return next
    }

    /// Whether two URLs share scheme, host and port (default ports counted).
    static func sameOrigin(_ a: URL, _ b: URL) -> Bool {
        a.scheme?.lowercased() == b.scheme?.lowercased()
            && a.host?.lowercased() == b.host?.lowercased()
            && effectivePort(a) == effectivePort(b)
    }

    private static func effectivePort(_ url: URL) -> Int? {
        url.port ?? (url.scheme?.lowercased() == "https" ? 443 : url.scheme?.lowercased() == "http" ? 80 : nil)
    }

    /// Takes every credential off `request`: the credential headers, and every header and
    /// query item named in its ``HTTPRequest/credentialNames``.
    static func strip(_ request: inout HTTPRequest) {
        let names = credentialHeaders.union(request.credentialNames)
        for field in request.headers where names.contains(field.name.lowercased()) {
            request.headers.remove(name: field.name)
        }
        if !request.credentialNames.isEmpty,
           var components = URLComponents(url: request.url, resolvingAgainstBaseURL: false),
           let items = components.percentEncodedQueryItems {
            let kept = items.filter { !request.credentialNames.contains(($0.name.removingPercentEncoding ?? $0.name).lowercased()) }
            if kept.count != items.count {
                components.percentEncodedQueryItems = kept.isEmpty ? nil : kept
                request.url = components.url ?? request.url
            }
        }
        request.credentialNames = []
    }
}
