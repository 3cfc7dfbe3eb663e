import Foundation
import Metrics
import StrategyKit

extension Middleware {
    /// Counts and times every request with swift-metrics: a counter and a duration timer, each
    /// with the dimensions `strategy`, `method`, `status` and `error`.
    ///
    /// - `strategy`: the strategy's `Strategy.name`;
    /// - `method`: the request method, e.g. `GET`;
    /// - `status`: the response's status code, e.g. `200`, or `error` when no response came;
    /// - `error`: when no response came, the error's kind: a `TransportError.Kind` such as
    ///   `timedOut`, `cancelled`, or the error's type name; empty when a response came.
    ///
    /// Every series has the same four dimensions, as Prometheus wants; an empty value is an
    /// absent label there. The metrics go to the factory given, or to the one bootstrapped with
    /// `MetricsSystem.bootstrap(_:)` (a no-op until one is).
    ///
    /// ```swift
    /// MetricsSystem.bootstrap(PrometheusMetricsFactory())   // once, at launch
    /// let client = StrategyClient(server: server, middlewares: [.retry(), .metrics()])
    /// ```
    ///
    /// Placed first in the chain it measures calls as the caller sees them, retries included;
    /// placed after `Middleware.retry(_:name:)`, each attempt.
    ///
    /// - Parameters:
    ///   - name: the name strategies exclude it by; `metrics` by default.
    ///   - requestsLabel: the label of the counter incremented once per request;
    ///     `http_client_requests_total` by default.
    ///   - durationLabel: the label of the timer that records each request's duration, from
    ///     sending the request to receiving the response or the error;
    ///     `http_client_request_duration_seconds` by default.
    ///   - factory: where the metrics go; `nil` for the one bootstrapped in `MetricsSystem`.
    public static func metrics(
        name: String = "metrics",
        requestsLabel: String = "http_client_requests_total",
        durationLabel: String = "http_client_request_duration_seconds",
        factory: (any MetricsFactory)? = nil
    ) -> Middleware {
        Middleware(MetricsMiddleware(name: name, requestsLabel: requestsLabel, durationLabel: durationLabel, factory: factory))
    }
}

/// Counts and times every request with swift-metrics: a counter and a duration timer, each
/// with the dimensions `strategy`, `method`, `status` and `error`.
///
/// - `strategy`: the strategy's `Strategy.name`;
/// - `method`: the request method, e.g. `GET`;
/// - `status`: the response's status code, e.g. `200`, or `error` when no response came;
/// - `error`: when no response came, the error's kind: a `TransportError.Kind` such as
///   `timedOut`, `cancelled`, or the error's type name; empty when a response came.
///
/// Every series has the same four dimensions, as Prometheus wants; an empty value is an
/// absent label there. The metrics go to the factory given, or to the one bootstrapped with
/// `MetricsSystem.bootstrap(_:)` (a no-op until one is).
///
/// ```swift
/// MetricsSystem.bootstrap(PrometheusMetricsFactory())   // once, at launch
/// let client = StrategyClient(server: server, middlewares: [RetryMiddleware(), MetricsMiddleware()])
/// ```
///
/// Placed first in the chain it measures calls as the caller sees them, retries included;
/// placed after `Middleware.retry(_:name:)`, each attempt.
struct MetricsMiddleware: Intercepting {
    /// The counter's label unless another is given: `http_client_requests_total`.
    public static let defaultRequestsLabel = "http_client_requests_total"
    /// The timer's label unless another is given: `http_client_request_duration_seconds`.
    public static let defaultDurationLabel = "http_client_request_duration_seconds"

    /// The name strategies exclude it by; `metrics` by default.
    public var name: String
    /// The label of the counter incremented once per request.
    public var requestsLabel: String
    /// The label of the timer that records each request's duration, from sending the request
    /// to receiving the response or the error.
    public var durationLabel: String
    private let factory: (any MetricsFactory)?

    /// Counts and times every request.
    ///
    /// - Parameters:
    ///   - name: the name strategies exclude this middleware by.
    ///   - requestsLabel: the label of the request counter.
    ///   - durationLabel: the label of the duration timer.
    ///   - factory: where the metrics go; `nil` for the one bootstrapped in `MetricsSystem`.
    public init(
        name: String = "metrics",
        requestsLabel: String = MetricsMiddleware.defaultRequestsLabel,
        durationLabel: String = MetricsMiddleware.defaultDurationLabel,
        factory: (any MetricsFactory)? = nil
    ) {
        self.name = name
        self.requestsLabel = requestsLabel
        self.durationLabel = durationLabel
        self.factory = factory
    }

    /// Sends the request, then counts it and records how long it took.
    public func intercept(
        _ request: HTTPRequest,
        body: Data?,
        context: Middleware.Context,
        next: Middleware.Next
    ) async throws -> (HTTPResponse, Data) {
        let start = ContinuousClock.now
        do {
            let (response, responseBody) = try await next(request, body)
            record(context, request, status: String(response.status.code), error: "", since: start)
            return (response, responseBody)
        } catch {
            record(context, request, status: "error", error: Observation.errorType(error), since: start)
            throw error
        }
    }

    private func record(_ context: Middleware.Context, _ request: HTTPRequest, status: String, error: String, since start: ContinuousClock.Instant) {
        let duration = ContinuousClock.now - start
        let factory = self.factory ?? MetricsSystem.factory
        let dimensions = [
            ("strategy", context.strategyName), ("method", request.method.rawValue), ("status", status), ("error", error),
        ]
        Counter(label: requestsLabel, dimensions: dimensions, factory: factory).increment()
        let (seconds, attoseconds) = duration.components
        Metrics.Timer(label: durationLabel, dimensions: dimensions, preferredDisplayUnit: .seconds, factory: factory)
            .recordNanoseconds(seconds * 1_000_000_000 + attoseconds / 1_000_000_000)
    }
}

/// What metrics and traces say about a request, alike.
enum Observation {
    /// A short, bounded name for an error that ended a request without a response: the kind
    /// of a `TransportError`, `cancelled`, or the error's type name.
    static func errorType(_ error: any Error) -> String {
        switch error {
        case let error as TransportError: error.kind.rawValue
        case is CancellationError: TransportError.Kind.cancelled.rawValue
        default: String(describing: type(of: error))
        }
    }
}
