import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// When and how often a failed request is sent again.
///
/// By default: at most two retries of idempotent methods, after a transport error or a
/// 408, 429, 500, 502, 503 or 504, waiting an exponentially growing time with jitter, or what
/// the response's `Retry-After` asks.
public struct RetryPolicy: Sendable {
    /// Retries after the first attempt; 0 never retries.
    public var maxRetries: Int
    /// The wait before the first retry; each later one doubles it.
    public var baseDelay: Duration
    /// The longest wait. A `Retry-After` asking for longer ends the retries.
    public var maxDelay: Duration
    /// The share of each wait taken away at random, from 0 (none) to 1 (full jitter).
    public var jitter: Double
    /// The methods that are retried; by default the idempotent ones.
    public var retryableMethods: Set<HTTPMethod>
    /// The status codes after which a request is retried.
    public var retryableStatusCodes: Set<Int>
    /// Whether an error without a response (connection refused, timeout) is retried.
    public var retriesTransportErrors: Bool

    /// A policy; each parameter is described by the property of the same name.
    public init(
        maxRetries: Int = 2,
        baseDelay: Duration = .milliseconds(500),
        maxDelay: Duration = .seconds(30),
        jitter: Double = 0.5,
        retryableMethods: Set<HTTPMethod> = [.get, .head, .options, .put, .delete],
        retryableStatusCodes: Set<Int> = [408, 429, 500, 502, 503, 504],
        retriesTransportErrors: Bool = true
    ) {
        self.maxRetries = maxRetries
        self.baseDelay = baseDelay
        self.maxDelay = maxDelay
        self.jitter = min(max(jitter, 0), 1)
        self.retryableMethods = retryableMethods
        self.retryableStatusCodes = retryableStatusCodes
        self.retriesTransportErrors = retriesTransportErrors
    }

    /// At most two retries of idempotent requests, the first within half a second.
    public static let `default` = RetryPolicy()
    /// No retries.
    public static let never = RetryPolicy(maxRetries: 0)

    /// The wait before retry number `retry` (1 for the first), with `random` in 0..<1 as the jitter draw.
    public func backoff(beforeRetry retry: Int, random: Double) -> Duration {
        let exponential = baseDelay * (1 << min(max(retry - 1, 0), 30))
        let capped = min(exponential, maxDelay)
        return capped * (1 - jitter * random)
    }
}

/// Sends a request again when the policy allows, waiting between attempts.
///
/// The policy is the endpoint's own when it has one (``Endpoint/retry``), otherwise this
/// middleware's. Put it first in the chain so each retry goes through the others again.
public struct RetryMiddleware: Middleware {
    /// The name strategies exclude it by; `retry` by default.
    public var name: String
    /// The policy for endpoints that have none of their own.
    public var policy: RetryPolicy
    private let sleep: @Sendable (Duration) async throws -> Void

    /// Retries requests by `policy`.
    ///
    /// - Parameter policy: the policy for endpoints that have none of their own.
    /// - Parameter name: the name strategies exclude this middleware by.
    /// - Parameter sleep: waits between attempts; tests pass one that records the waits.
    public init(
        policy: RetryPolicy = .default,
        name: String = "retry",
        sleep: @escaping @Sendable (Duration) async throws -> Void = { try await Task.sleep(for: $0) }
    ) {
        self.policy = policy
        self.name = name
        self.sleep = sleep
    }

    /// Sends the request, and again while the policy allows.
    public func intercept(
        _ request: HTTPRequest,
        context: RequestContext,
        next: @Sendable (HTTPRequest) async throws -> HTTPResponse
    ) async throws -> HTTPResponse {
        let policy = context.retry ?? self.policy
        guard policy.maxRetries > 0, policy.retryableMethods.contains(request.method) else {
            return try await next(request)
        }
        var retry = 0
        while true {
            retry += 1
            let mayRetry = retry <= policy.maxRetries
            let wait: Duration
            do {
                let response = try await next(request)
                guard mayRetry, policy.retryableStatusCodes.contains(response.statusCode) else {
                    return response
                }
                if let asked = Self.retryAfter(response) {
                    guard asked <= policy.maxDelay else { return response }
                    wait = asked
                } else {
                    wait = policy.backoff(beforeRetry: retry, random: Double.random(in: 0..<1))
                }
            } catch {
                guard mayRetry, policy.retriesTransportErrors, Self.isTransient(error) else {
                    throw error
                }
                wait = policy.backoff(beforeRetry: retry, random: Double.random(in: 0..<1))
            }
            try await sleep(wait)
        }
    }

    /// The wait a `Retry-After` header asks for: delay-seconds or an HTTP date.
    static func retryAfter(_ response: HTTPResponse, now: Date = Date()) -> Duration? {
        guard let value = response.headers["Retry-After"]?.trimmingCharacters(in: .whitespaces) else { return nil }
        if let seconds = Int(value) {
            return .seconds(max(seconds, 0))
        }
        let formatter = DateFormatter()
        formatter.locale = Locale(identifier: "en_US_POSIX")
        formatter.timeZone = TimeZone(identifier: "GMT")
        formatter.dateFormat = "EEE, dd MMM yyyy HH:mm:ss zzz"
        guard let date = formatter.date(from: value) else { return nil }
        return .milliseconds(max(Int((date.timeIntervalSince(now) * 1000).rounded(.up)), 0))
    }

    /// Errors with no response that another attempt may not meet: not cancellation, not a
    /// request that can't be built, not failed authentication.
    static func isTransient(_ error: any Error) -> Bool {
        switch error {
        case is CancellationError, is RequestBuildingError, is AuthenticationError, is StubbingError, is any APIError:
            return false
        case let error as URLError:
            return error.code != .cancelled
        default:
            return true
        }
    }
}
