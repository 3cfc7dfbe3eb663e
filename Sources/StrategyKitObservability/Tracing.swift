import Foundation
import StrategyKit
import Tracing

extension Middleware {
    /// Traces every request with swift-distributed-tracing: a client span per request, with the
    /// OpenTelemetry HTTP client attributes, and the trace context injected into its headers.
    ///
    /// Each span is named after the method (`GET`), as OpenTelemetry names an HTTP client span
    /// without a URL template, and carries:
    /// - `http.request.method` (`_OTHER` and `http.request.method_original` for a method HTTP
    ///   doesn't define), `url.full`, `server.address`, `server.port`;
    /// - `http.response.status_code` when a response came;
    /// - `error.type`: the status code of a response of 400 or more, or, when no response came,
    ///   the error's kind (a `TransportError.Kind` such as `timedOut`, `cancelled`) or type name;
    ///   the span's status is then an error;
    /// - `strategykit.strategy`: the strategy's `Strategy.name`.
    ///
    /// `url.full` never carries credentials: it has no user name or password (an `HTTPRequest`
    /// keeps none), and the values of query items an authenticator added (see `Authenticator`)
    /// or whose names look secret (`access_token`, `api_key`, `X-Auth-Token`, `client_secret`,
    /// `api_key`, …) become `REDACTED`. Errors aren't recorded on the span, since their descriptions often repeat the URL.
    ///
    /// The span's context goes out in the request's headers through the tracer's `inject` (W3C
    /// `traceparent` with an OpenTelemetry tracer), so the server's spans join the trace. The
    /// spans go to the tracer given, or to the one bootstrapped with
    /// `InstrumentationSystem.bootstrap(_:)` (a no-op until one is), under the caller's current
    /// span; the middlewares after it and the transport run within the span.
    ///
    /// ```swift
    /// let client = StrategyClient(
    ///     server: server,
    ///     middlewares: [.retry(), .authentication(.bearer(tokens)), .tracing()]
    /// )
    /// ```
    ///
    /// Put it after `Middleware.retry(_:name:)` and the authentication so each attempt has its own span
    /// and the credentials it carries are known to be redacted.
    ///
    /// - Parameters:
    ///   - name: the name strategies exclude it by; `tracing` by default.
    ///   - tracer: where the spans go; `nil` for the one bootstrapped in `InstrumentationSystem`.
    public static func tracing(name: String = "tracing", tracer: (any Tracer)? = nil) -> Middleware {
        Middleware(TracingMiddleware(name: name, tracer: tracer))
    }
}

/// Traces every request with swift-distributed-tracing: a client span per request, with the
/// OpenTelemetry HTTP client attributes, and the trace context injected into its headers.
///
/// Each span is named after the method (`GET`), as OpenTelemetry names an HTTP client span
/// without a URL template, and carries:
/// - `http.request.method` (`_OTHER` and `http.request.method_original` for a method HTTP
///   doesn't define), `url.full`, `server.address`, `server.port`;
/// - `http.response.status_code` when a response came;
/// - `error.type`: the status code of a response of 400 or more, or, when no response came,
///   the error's kind (a `TransportError.Kind` such as `timedOut`, `cancelled`) or type name;
///   the span's status is then an error;
/// - `strategykit.strategy`: the strategy's `Strategy.name`.
///
/// `url.full` never carries credentials: it has no user name or password (an `HTTPRequest`
/// keeps none), and the values of query items an authenticator added (see `Authenticator`)
/// or whose names look secret (`access_token`, `api_key`, `X-Auth-Token`, `client_secret`,
/// `api_key`, …) become `REDACTED`. Errors aren't recorded on the span, since their descriptions often repeat the URL.
///
/// The span's context goes out in the request's headers through the tracer's `inject` (W3C
/// `traceparent` with an OpenTelemetry tracer), so the server's spans join the trace. The
/// spans go to the tracer given, or to the one bootstrapped with
/// `InstrumentationSystem.bootstrap(_:)` (a no-op until one is), under the caller's current
/// span; the middlewares after it and the transport run within the span.
///
/// ```swift
/// let client = StrategyClient(
///     server: server,
///     middlewares: [.retry(), .authentication(.bearer(tokens)), .tracing()]
/// )
/// ```
///
/// Put it after `Middleware.retry(_:name:)` and the authentication so each attempt has its own span
/// and the credentials it carries are known to be redacted.
struct TracingMiddleware: Intercepting {
    /// The name strategies exclude it by; `tracing` by default.
    public var name: String
    private let tracer: (any Tracer)?

    /// Traces every request.
    ///
    /// - Parameters:
    ///   - name: the name strategies exclude this middleware by.
    ///   - tracer: where the spans go; `nil` for the one bootstrapped in `InstrumentationSystem`.
    public init(name: String = "tracing", tracer: (any Tracer)? = nil) {
        self.name = name
        self.tracer = tracer
    }

    /// Sends the request, with the trace context in its headers, within a client span.
    public func intercept(
        _ request: HTTPRequest,
        body: Data?,
        context: Middleware.Context,
        next: Middleware.Next
    ) async throws -> (HTTPResponse, Data) {
        let tracer: any Tracer = self.tracer ?? InstrumentationSystem.tracer
        return try await Self.trace(request, body: body, context: context, tracer: tracer, next: next)
    }

    private static let methods: Set<String> = ["CONNECT", "DELETE", "GET", "HEAD", "OPTIONS", "PATCH", "POST", "PUT", "TRACE"]

    private static func trace<T: Tracer>(
        _ request: HTTPRequest,
        body: Data?,
        context: Middleware.Context,
        tracer: T,
        next: @Sendable (HTTPRequest, Data?) async throws -> (HTTPResponse, Data)
    ) async throws -> (HTTPResponse, Data) {
        let method = request.method.rawValue
        let known = methods.contains(method)
        let span = tracer.startSpan(known ? method : "HTTP", ofKind: .client)
        defer { span.end() }
        span.updateAttributes { attributes in
            attributes["http.request.method"] = known ? method : "_OTHER"
            if !known { attributes["http.request.method_original"] = method }
            attributes["url.full"] = fullURL(request)
            let url = request.absoluteURL
            attributes["server.address"] = url.host ?? ""
            if let port = Redirect.effectivePort(url) {
                attributes["server.port"] = port
            }
            attributes["strategykit.strategy"] = context.strategyName
        }
        var request = request
        tracer.inject(span.context, into: &request.headerFields, using: HeadersInjector())
        do {
            // What runs after this middleware (a transport that traces, too) runs within the span.
            let (response, responseBody) = try await InstrumentationContext.withValue(span.context) { try await next(request, body) }
            let status = response.status.code
            span.updateAttributes { attributes in
                attributes["http.response.status_code"] = status
                if status >= 400 { attributes["error.type"] = String(status) }
            }
            if status >= 400 { span.setStatus(SpanStatus(code: .error)) }
            return (response, responseBody)
        } catch {
            span.attributes["error.type"] = Observation.errorType(error)
            span.setStatus(SpanStatus(code: .error))
            throw error
        }
    }

    /// The request's URL for `url.full`: without the values of credential query items.
    static func fullURL(_ request: HTTPRequest) -> String {
        guard var components = URLComponents(url: request.absoluteURL, resolvingAgainstBaseURL: false) else { return "" }
        if let items = components.percentEncodedQueryItems {
            components.percentEncodedQueryItems = items.map { item in
                let secret = Redaction.hidesQueryItem(named: item.name.removingPercentEncoding ?? item.name)
                return secret ? URLQueryItem(name: item.name, value: "REDACTED") : item
            }
        }
        return components.string ?? ""
    }
}

/// Writes trace context into a request's headers.
private struct HeadersInjector: Injector {
    func inject(_ value: String, forKey key: String, into headers: inout HTTPFields) {
        if let field = try? HTTPCheck.field(key, value) { headers[field.name] = field.value }
    }
}
