import Foundation

/// What one request did, for a metrics system.
public struct RequestMetrics: Sendable {
    /// The strategy's ``Strategy/name``.
    public var strategyName: String
    /// The request method.
    public var method: HTTPMethod
    /// `host/path`, without the query, so it groups well.
    public var endpoint: String
    /// The status code, or `nil` when the request failed without a response.
    public var statusCode: Int?
    /// The error, when the request failed without a response.
    public var error: (any Error)?
    /// From sending the request to receiving the response or the error.
    public var duration: Duration
    /// The size of the request body.
    public var requestBytes: Int
    /// The size of the response body; 0 without a response.
    public var responseBytes: Int
}

/// Records ``RequestMetrics`` for every request through a closure, e.g. into swift-metrics.
///
/// Placed first in the chain it measures calls as the caller sees them, retries included;
/// placed last, each attempt.
public struct MetricsMiddleware: Middleware {
    /// The name strategies exclude it by; `metrics` by default.
    public var name: String
    private let record: @Sendable (RequestMetrics) -> Void

    /// Hands the metrics of every request to `record`.
    public init(name: String = "metrics", record: @escaping @Sendable (RequestMetrics) -> Void) {
        self.name = name
        self.record = record
    }

    /// Sends the request and records what it did.
    public func intercept(
        _ request: HTTPRequest,
        context: RequestContext,
        next: @Sendable (HTTPRequest) async throws -> HTTPResponse
    ) async throws -> HTTPResponse {
        let start = ContinuousClock.now
        var metrics = RequestMetrics(
            strategyName: context.strategyName,
            method: request.method,
            endpoint: (request.url.host ?? "") + request.url.path,
            duration: .zero,
            requestBytes: request.body?.count ?? 0,
            responseBytes: 0
        )
        do {
            let response = try await next(request)
            metrics.statusCode = response.statusCode
            metrics.responseBytes = response.body.count
            metrics.duration = ContinuousClock.now - start
            record(metrics)
            return response
        } catch {
            metrics.error = error
            metrics.duration = ContinuousClock.now - start
            record(metrics)
            throw error
        }
    }
}
