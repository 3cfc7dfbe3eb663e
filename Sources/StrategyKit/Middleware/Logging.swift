import Foundation

extension Middleware {
    /// How much of each exchange ``logging(detail:bodyLimit:secretHeaders:secretNames:name:log:)`` logs, and
    /// the swift-log variant of the StrategyKitObservability product, `logging(logger:level:detail:…)`.
    public enum LogDetail: Int, Comparable, Sendable {
        /// Method, URL, status and duration.
        case summary
        /// And the headers.
        case headers
        /// And the bodies, up to the middleware's body limit each.
        case bodies

        /// Whether `lhs` logs less than `rhs`.
        public static func < (lhs: LogDetail, rhs: LogDetail) -> Bool { lhs.rawValue < rhs.rawValue }
    }

    /// Logs every request and its response or error through `log`, one call per line (or
    /// lines), never printing credentials in the clear.
    ///
    /// Headers such as `Authorization` and `Cookie`, query items such as `access_token`, the
    /// same names in form and JSON bodies, and every header or query item an authenticator
    /// added (see ``Authenticator``) are written as `<redacted>`; so are their values wherever
    /// an error's description repeats them. Names are matched by pattern as well as by list:
    /// `accessToken`, `id_token`, `X-Auth-Token`, `jwt`, `sessionToken`, `otp`, `sig`,
    /// `client-secret` and the like are all redacted.
    ///
    /// ```swift
    /// Middleware.logging { line in print(line) }
    /// ```
    ///
    /// Put it last in the chain so it sees each request as it is sent, credentials included.
    /// The StrategyKitObservability product adds `logging(logger:level:detail:…)`, which
    /// writes the same entries to a swift-log `Logger`.
    ///
    /// - Parameters:
    ///   - detail: how much of each exchange is logged; headers by default.
    ///   - bodyLimit: the most bytes of a body that are logged.
    ///   - secretHeaders: more header names to redact, besides the defaults.
    ///   - secretNames: more query item and body field names to redact, besides the defaults.
    ///   - name: the name strategies exclude it by; `logging` by default.
    ///   - log: takes each line (or lines) to log.
    public static func logging(
        detail: LogDetail = .headers,
        bodyLimit: Int = 4096,
        secretHeaders: Set<String> = [],
        secretNames: Set<String> = [],
        name: String = "logging",
        log: @escaping @Sendable (String) -> Void
    ) -> Middleware {
        Middleware(LoggingMiddleware(detail: detail, bodyLimit: bodyLimit, secretHeaders: secretHeaders, secretNames: secretNames, name: name, log: log))
    }

    /// Logs as ``logging(detail:bodyLimit:secretHeaders:secretNames:name:log:)`` does, handing
    /// `entry` the call's context with each line: for the swift-log variant of the
    /// StrategyKitObservability product, which puts the strategy's name in each entry.
    package static func logging(
        detail: LogDetail,
        bodyLimit: Int,
        secretHeaders: Set<String>,
        secretNames: Set<String>,
        name: String,
        entry: @escaping @Sendable (String, Context) -> Void
    ) -> Middleware {
        Middleware(LoggingMiddleware(detail: detail, bodyLimit: bodyLimit, secretHeaders: secretHeaders, secretNames: secretNames, name: name, entry: entry))
    }
}

/// Which names the runtime's logging and the StrategyKitObservability product's tracing write
/// as redacted.
package enum Redaction {
    /// Whether the values of query items named `name` (percent-decoded) are redacted: a name an
    /// authenticator added to the request on its way down the chain, one of the defaults
    /// (`access_token`, `api_key`, …) or one that looks secret.
    package static func hidesQueryItem(named name: String) -> Bool {
        let name = name.lowercased()
        return Credentials.names.contains(name) || LoggingMiddleware.defaultSecretNames.contains(name) || LoggingMiddleware.looksSecret(name)
    }
}

/// Logs every request and its response or error through a closure, never printing credentials
/// in the clear.
///
/// Headers such as `Authorization` and `Cookie`, query items such as `access_token`, the
/// same names in form and JSON bodies, and every header or query item an authenticator added
/// (see ``Authenticator``) are written as `<redacted>`; so are their
/// values wherever an error's description repeats them. Names are matched by pattern as well
/// as by list (``looksSecret(_:)``): `accessToken`, `id_token`, `X-Auth-Token`, `jwt`,
/// `sessionToken`, `otp`, `sig`, `client-secret` and the like are all redacted.
///
/// ```swift
/// LoggingMiddleware { line in print(line) }
/// ```
///
/// Put it last in the chain so it sees each request as it is sent, credentials included.
struct LoggingMiddleware: Intercepting {
    typealias Detail = Middleware.LogDetail

    /// What stands in place of a secret.
    public static let redacted = "<redacted>"
    /// Header names redacted by default (compared without regard to case).
    public static let defaultSecretHeaders: Set<String> = ["authorization", "proxy-authorization", "cookie", "set-cookie", "x-api-key"]
    /// Query item and body field names redacted by default (compared without regard to case).
    public static let defaultSecretNames: Set<String> = [
        "api_key", "apikey", "access_token", "refresh_token", "token", "key", "client_secret", "password", "signature",
    ]

    /// Whether a header, query item or body field called `name` looks like it carries a secret.
    ///
    /// The name is compared in lower case with every character that isn't a letter or a digit
    /// taken out (`X-Auth-Token` is `xauthtoken`), and counts as secret when it holds `token`,
    /// `secret`, `password`, `passwd`, `passphrase`, `passcode`, `apikey`, `jwt`, `credential`,
    /// `signature`, `authorization`, `cookie` or `session`, or ends in `key`, `sig`, `otp` or `auth`.
    public static func looksSecret(_ name: String) -> Bool {
        let normalised = String(name.lowercased().unicodeScalars.filter { $0.isASCII && ($0.properties.isAlphabetic || $0.properties.numericType != nil) }.map(Character.init))
        guard !normalised.isEmpty else { return false }
        return secretFragments.contains { normalised.contains($0) } || secretEndings.contains { normalised.hasSuffix($0) }
    }

    private static let secretFragments = [
        "token", "secret", "password", "passwd", "passphrase", "passcode", "apikey", "jwt", "credential",
        "signature", "authorization", "cookie", "session",
    ]
    private static let secretEndings = ["key", "sig", "otp", "auth"]

    /// The name strategies exclude it by; `logging` by default.
    public var name: String
    /// How much of each exchange is logged.
    public var detail: Detail
    /// The most bytes of a body that are logged.
    public var bodyLimit: Int
    /// Header names whose values are redacted, in lower case.
    public var secretHeaders: Set<String>
    /// Query item and body field names whose values are redacted, in lower case.
    public var secretNames: Set<String>
    private var entry: @Sendable (String, Middleware.Context) -> Void

    /// Logs every request and its response or error through `log`.
    ///
    /// - Parameters:
    ///   - detail: how much of each exchange is logged; headers by default.
    ///   - bodyLimit: the most bytes of a body that are logged.
    ///   - secretHeaders: more header names to redact, besides the defaults.
    ///   - secretNames: more query item and body field names to redact, besides the defaults.
    ///   - name: the name strategies exclude this middleware by.
    ///   - log: takes each line (or lines) to log.
    public init(
        detail: Detail = .headers,
        bodyLimit: Int = 4096,
        secretHeaders: Set<String> = [],
        secretNames: Set<String> = [],
        name: String = "logging",
        log: @escaping @Sendable (String) -> Void
    ) {
        self.detail = detail
        self.bodyLimit = bodyLimit
        self.secretHeaders = Self.defaultSecretHeaders.union(secretHeaders.map { $0.lowercased() })
        self.secretNames = Self.defaultSecretNames.union(secretNames.map { $0.lowercased() })
        self.name = name
        entry = { line, _ in log(line) }
    }

    /// Logs every request and its response or error through `entry`, which is also given the
    /// call's context.
    init(
        detail: Detail,
        bodyLimit: Int,
        secretHeaders: Set<String>,
        secretNames: Set<String>,
        name: String,
        entry: @escaping @Sendable (String, Middleware.Context) -> Void
    ) {
        self.init(detail: detail, bodyLimit: bodyLimit, secretHeaders: secretHeaders, secretNames: secretNames, name: name) { _ in }
        self.entry = entry
    }

    /// Logs the request, then its response or error.
    public func intercept(
        _ request: HTTPRequest,
        body: Data?,
        context: Middleware.Context,
        next: Middleware.Next
    ) async throws -> (HTTPResponse, Data) {
        var logging = self
        let credentials = Credentials.names
        if !credentials.isEmpty {
            logging.secretHeaders.formUnion(credentials)
            logging.secretNames.formUnion(credentials)
        }
        entry(logging.describe(request, body: body, context: context), context)
        let start = ContinuousClock.now
        do {
            let (response, responseBody) = try await next(request, body)
            entry(logging.describe(response, body: responseBody, to: request, after: ContinuousClock.now - start), context)
            return (response, responseBody)
        } catch {
            let failure = logging.scrub("\(error)", of: request)
            entry("✕ \(request.method) \(logging.redact(request.absoluteURL)) failed after \(milliseconds(ContinuousClock.now - start)): \(failure)", context)
            throw error
        }
    }

    /// `text` (an error's description) with the request's URL redacted and every secret value
    /// of the request replaced, since errors often repeat the URL or a header.
    func scrub(_ text: String, of request: HTTPRequest) -> String {
        let url = request.absoluteURL
        var text = text.replacingOccurrences(of: url.absoluteString, with: redact(url))
        var secrets: [String] = []
        for field in request.headerFields where isSecretHeader(field.name.rawName) {
            secrets.append(field.value)
            // `Bearer abc`: the credential alone may be repeated, too.
            if let space = field.value.firstIndex(of: " ") { secrets.append(String(field.value[field.value.index(after: space)...])) }
        }
        let items = URLComponents(url: url, resolvingAgainstBaseURL: false)?.percentEncodedQueryItems ?? []
        for item in items where isSecret(item.name.removingPercentEncoding ?? item.name) {
            guard let value = item.value else { continue }
            secrets += [value, value.removingPercentEncoding ?? value]
        }
        // Longest first, so a value that holds another is replaced whole; short values are
        // left, since replacing them would garble the text without hiding anything.
        for secret in Set(secrets).sorted(by: { $0.count > $1.count }) where secret.count >= 4 {
            text = text.replacingOccurrences(of: secret, with: Self.redacted)
        }
        return text
    }

    private func describe(_ request: HTTPRequest, body: Data?, context: Middleware.Context) -> String {
        var lines = ["→ \(request.method) \(redact(request.absoluteURL)) [\(context.strategyName)]"]
        if detail >= .headers { lines += headerLines(request.headerFields) }
        if detail >= .bodies, let body { lines.append(bodyText(body, contentType: request.headerFields[.contentType])) }
        return lines.joined(separator: "\n")
    }

    private func describe(_ response: HTTPResponse, body: Data, to request: HTTPRequest, after duration: Duration) -> String {
        var lines = ["← \(response.status.code) \(request.method) \(redact(request.absoluteURL)) in \(milliseconds(duration)), \(body.count) bytes"]
        if detail >= .headers { lines += headerLines(response.headerFields) }
        if detail >= .bodies, !body.isEmpty { lines.append(bodyText(body, contentType: response.headerFields[.contentType])) }
        return lines.joined(separator: "\n")
    }

    private func headerLines(_ headers: HTTPFields) -> [String] {
        headers.map { field in
            "  \(field.name.rawName): " + (isSecretHeader(field.name.rawName) ? Self.redacted : field.value)
        }
    }

    /// The URL with the values of secret query items replaced (the marker percent-encoded).
    func redact(_ url: URL) -> String {
        let text = url.absoluteString
        guard let question = text.firstIndex(of: "?") else { return text }
        let fragment = text[question...].firstIndex(of: "#") ?? text.endIndex
        let query = String(text[text.index(after: question)..<fragment])
        return text[...question] + redactForm(query, marker: "%3Credacted%3E") + text[fragment...]
    }

    private func bodyText(_ body: Data, contentType: String?) -> String {
        let type = contentType?.lowercased() ?? ""
        if type.hasPrefix("multipart/") || (!type.isEmpty && !type.contains("json") && !type.hasPrefix("text/") && !type.contains("x-www-form-urlencoded")) {
            return "  (\(body.count) bytes of \(type))"
        }
        // Whatever the declared type, a body that parses as JSON is redacted as JSON, and any
        // other text as a form, so a secret can't slip through a missing content type.
        var text: String
        if let object = try? JSONSerialization.jsonObject(with: body, options: [.fragmentsAllowed]) {
            let redacted = redactJSON(object)
            text = (try? JSONSerialization.data(withJSONObject: redacted, options: [.fragmentsAllowed, .sortedKeys]))
                .map { String(decoding: $0, as: UTF8.self) } ?? ""
        } else {
            text = redactForm(String(decoding: body, as: UTF8.self))
        }
        if text.utf8.count > bodyLimit {
            text = String(decoding: Data(text.utf8.prefix(bodyLimit)), as: UTF8.self) + "… (\(body.count) bytes)"
        }
        return "  " + text
    }

    /// `name=value&…` with the values of secret names replaced by `marker`.
    private func redactForm(_ form: String, marker: String = Self.redacted) -> String {
        form.split(separator: "&", omittingEmptySubsequences: false).map { pair in
            let parts = pair.split(separator: "=", maxSplits: 1)
            guard let name = parts.first, isSecret(String(name).removingPercentEncoding ?? String(name)) else { return String(pair) }
            return "\(name)=\(marker)"
        }.joined(separator: "&")
    }

    private func redactJSON(_ value: Any) -> Any {
        switch value {
        case let object as [String: Any]:
            Dictionary(uniqueKeysWithValues: object.map { key, value in (key, isSecret(key) ? Self.redacted : redactJSON(value)) })
        case let array as [Any]:
            array.map(redactJSON)
        default:
            value
        }
    }

    private func isSecret(_ name: String) -> Bool {
        secretNames.contains(name.lowercased()) || Self.looksSecret(name)
    }

    private func isSecretHeader(_ name: String) -> Bool {
        secretHeaders.contains(name.lowercased()) || Self.looksSecret(name)
    }

    private func milliseconds(_ duration: Duration) -> String {
        let (seconds, attoseconds) = duration.components
        return "\(seconds * 1000 + attoseconds / 1_000_000_000_000_000) ms"
    }
}
