import Foundation

/// The last link of a client's chain: sends one request through the transport under the
/// client's rules — not started when cancelled, within its deadline and size limit,
/// following redirects by ``StrategyClient/Limits/RedirectPolicy``.
struct Exchange: Sendable {
    let transport: any Transport
    /// The client's limits with the endpoint's in their place.
    let limits: StrategyClient.Limits

    func send(_ request: HTTPRequest, body: Data?) async throws -> (HTTPResponse, Data) {
        // Methods and header fields were checked before they became HTTPTypes values (where
        // the request was built, and in the authenticators), so none can split the request.
        try TransportError.checkCancellation()
        let credentials = Credentials.names
        // A transport that keeps the deadline itself (the runtime's own) is given what is left
        // of it at each redirect, and runs in the caller's task: no task, timer or thread hop
        // of the client's own. Any other transport runs under the client's deadline.
        if transport is any KeepsDeadline {
            let end = ContinuousClock.now + .seconds(max(limits.timeout, 0))
            return try await follow(request, body: body, credentials: credentials, until: end)
        }
        return try await withDeadline(seconds: limits.timeout) {
            try await follow(request, body: body, credentials: credentials, until: nil)
        }
    }

    /// Sends `first` and follows its redirects; each send gets the time left before `end`
    /// as its deadline when there is an `end`.
    private func follow(_ first: HTTPRequest, body firstBody: Data?, credentials: Set<String>, until end: ContinuousClock.Instant?) async throws -> (HTTPResponse, Data) {
        var (request, body, credentials) = (first, firstBody, credentials)
        var redirects = 0
        var limits = self.limits
        while true {
            try TransportError.checkCancellation()
            if let end, redirects > 0 {
                let left = ContinuousClock.now.duration(to: end)
                guard left > .zero else {
                    throw TransportError(.timedOut, detail: "deadline of \(self.limits.timeout) s passed")
                }
                limits.timeout = (left / .milliseconds(1)).rounded(.up) / 1000
            }
            let (response, responseBody) = try await transport.send(request, body: body, limits: limits)
            if responseBody.count > limits.maximumResponseBytes {
                throw TransportError(.responseTooLarge, detail: "more than \(limits.maximumResponseBytes) bytes")
            }
            guard case .follow(let max) = limits.redirects,
                  let next = Redirect.request(following: response, to: request, body: body, credentials: credentials) else {
                return (response, responseBody)
            }
            redirects += 1
            guard redirects <= max else {
                throw TransportError(.invalidResponse, detail: "more than \(max) redirects")
            }
            (request, body, credentials) = next
        }
    }
}

/// A transport that keeps ``StrategyClient/Limits/timeout`` as a deadline for the whole of each
/// `send` itself, so the client needn't run another deadline around it. The network
/// transports keep it off Swift's cooperative pool (a dispatch timer, an event loop's), so a
/// pool kept busy by other work can't hold back the end of a call, only its caller's resumption.
package protocol KeepsDeadline: Transport {}

/// The runtime's one rule for following a redirect.
package enum Redirect {
    /// The statuses that redirect.
    static let statuses: Set<Int> = [301, 302, 303, 307, 308]
    /// Headers that carry credentials whether or not an authenticator set them.
    static let credentialHeaders: Set<String> = ["authorization", "proxy-authorization", "cookie"]

    /// The request (and body) that follows `response` to `request`, with the credential names
    /// still on it; `nil` when it doesn't redirect (no redirect status, no `Location`, or a
    /// scheme other than http and https).
    static func request(
        following response: HTTPResponse,
        to request: HTTPRequest,
        body: Data?,
        credentials: Set<String>
    ) -> (HTTPRequest, Data?, Set<String>)? {
        guard statuses.contains(response.status.code),
              let location = response.headerFields[.location],
              let url = URL(string: location, relativeTo: request.absoluteURL)?.absoluteURL,
              let scheme = url.scheme?.lowercased(), scheme == "http" || scheme == "https", url.host != nil
        else { return nil }
        var next = request
        var nextBody = body
        next.url = url
        let code = response.status.code
        let becomesGet = code == 303 ? request.method != .head : [301, 302].contains(code) && request.method == .post
        if becomesGet {
            next.method = .get
            nextBody = nil
            for name in [HTTPField.Name.contentType, .contentLength, .contentEncoding, .transferEncoding] {
                next.headerFields[name] = nil
            }
        }
        guard sameOrigin(request.absoluteURL, url) else {
            strip(&next, credentials: credentials)
            return (next, nextBody, [])
        }
        carryQueryCredentials(from: request, to: &next, credentials: credentials)
        return (next, nextBody, credentials)
    }

    /// Puts the query items named in `credentials` that `request` carried (an API key in the
    /// query) on `next`, in place of any of the same name its `Location` gave: header fields
    /// stay on a redirected request, and a query credential must too.
    static func carryQueryCredentials(from request: HTTPRequest, to next: inout HTTPRequest, credentials: Set<String>) {
        guard !credentials.isEmpty else { return }
        let carried = request.rawQueryItems.filter { credentials.contains($0.name) }
        guard !carried.isEmpty, let path = next.path else { return }
        let names = Set(carried.map(\.name))
        let (route, kept) = path.firstIndex(of: "?").map { mark in
            (path[..<mark], next.rawQueryItems.filter { !names.contains($0.name) }.map(\.item))
        } ?? (path[...], [])
        next.path = route + "?" + (kept + carried.map(\.item)).joined(separator: "&")
    }

    /// Whether two URLs share scheme, host and port (default ports counted).
    static func sameOrigin(_ a: URL, _ b: URL) -> Bool {
        a.scheme?.lowercased() == b.scheme?.lowercased()
            && a.host?.lowercased() == b.host?.lowercased()
            && effectivePort(a) == effectivePort(b)
    }

    /// The port of `url`, or its scheme's default: 443 for https, 80 for http.
    package static func effectivePort(_ url: URL) -> Int? {
        url.port ?? (url.scheme?.lowercased() == "https" ? 443 : url.scheme?.lowercased() == "http" ? 80 : nil)
    }

    /// Takes every credential off `request`: the credential headers, and every header and
    /// query item named in `credentials` (those an authenticator added).
    static func strip(_ request: inout HTTPRequest, credentials: Set<String>) {
        let names = credentialHeaders.union(credentials)
        request.headerFields = HTTPFields(request.headerFields.filter { !names.contains($0.name.canonicalName) })
        if !credentials.isEmpty,
           var components = URLComponents(url: request.absoluteURL, resolvingAgainstBaseURL: false),
           let items = components.percentEncodedQueryItems {
            let kept = items.filter { !credentials.contains(($0.name.removingPercentEncoding ?? $0.name).lowercased()) }
            if kept.count != items.count {
                components.percentEncodedQueryItems = kept.isEmpty ? nil : kept
                if let url = components.url { request.url = url }
            }
        }
    }
}
