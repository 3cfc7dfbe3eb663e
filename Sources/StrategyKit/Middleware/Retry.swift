import Foundation

/// When and how often a failed request is sent again.
///
/// By default: at most two retries of idempotent methods, after a transient
/// ``TransportError`` (can't connect, timed out, connection lost) or a 408, 429, 500, 502,
/// 503 or 504, waiting an exponentially growing time with jitter, or what the response's
/// `Retry-After` asks plus jitter. Nothing else is retried: not cancellation, not an
/// oversized or invalid response, not an error of a middleware or a stub.
///
/// `POST` and `PATCH` are retried only by a policy that lists them, and such a policy should
/// name an ``idempotencyKeyHeader``: one key is made per call and sent with every attempt,
/// so the server can tell a retry from a new request.
///
/// Each attempt gets the whole deadline (``StrategyClient/Limits/timeout``), so a call lasts at most
/// `(maxRetries + 1) × timeout` plus `maxRetries` waits, each at most ``maxDelay`` (and
/// ``jitter`` of ``baseDelay`` more after a `Retry-After`): with the defaults and a 60 s
/// deadline, about 4 minutes.
///
/// A client's policy is the one given to its ``Middleware/retry(_:name:)``; a strategy's own
/// (``Endpoint/retry``) replaces it in full, unless the client's switches retrying off
/// (``applied(to:)``). A call's own (``StrategyClient/CallOptions/retry``) replaces both, even
/// where the client's switches retrying off: the caller asked for it for this one call.
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
    public var retryableMethods: Set<HTTPRequest.Method>
    /// The status codes after which a request is retried.
    public var retryableStatusCodes: Set<Int>
    /// Whether an error without a response (connection refused, timeout) is retried.
    public var retriesTransportErrors: Bool
    /// The header that carries an idempotency key, e.g. `Idempotency-Key`; `nil` for none.
    /// When set, a retryable request of a method that isn't idempotent (`POST`, `PATCH`)
    /// without that header gets a new UUID in it, made once per call and sent unchanged with
    /// every attempt.
    public var idempotencyKeyHeader: String?

    /// A policy; each parameter is described by the property of the same name.
    public init(
        maxRetries: Int = 2,
        baseDelay: Duration = .milliseconds(500),
        maxDelay: Duration = .seconds(30),
        jitter: Double = 0.5,
        retryableMethods: Set<HTTPRequest.Method> = [.get, .head, .options, .put, .delete],
        retryableStatusCodes: Set<Int> = [408, 429, 500, 502, 503, 504],
        retriesTransportErrors: Bool = true,
        idempotencyKeyHeader: String? = nil
    ) {
        self.maxRetries = maxRetries
        self.baseDelay = baseDelay
        self.maxDelay = maxDelay
        self.jitter = min(max(jitter, 0), 1)
        self.retryableMethods = retryableMethods
        self.retryableStatusCodes = retryableStatusCodes
        self.retriesTransportErrors = retriesTransportErrors
        self.idempotencyKeyHeader = idempotencyKeyHeader
    }

    /// The methods HTTP defines as idempotent: `GET`, `HEAD`, `OPTIONS`, `PUT`, `DELETE`, `TRACE`.
    public static let idempotentMethods: Set<HTTPRequest.Method> = [.get, .head, .options, .put, .delete, .trace]

    /// At most two retries of idempotent requests, the first within half a second.
    public static let `default` = RetryPolicy()
    /// No retries.
    public static let never = RetryPolicy(maxRetries: 0)

    /// The policy a request is retried by, when this is the client's policy and `strategy`
    /// is the strategy's own (``Endpoint/retry``): the one rule for combining them.
    ///
    /// - A strategy's own policy applies in full: its methods, status codes, number of
    ///   retries, waits and idempotency key, even where it asks for more than the client's.
    /// - The client's policy applies to strategies without one.
    /// - The client can switch retrying off for everything: when this policy has
    ///   ``maxRetries`` 0 (``never``) nothing is retried, and when it doesn't retry transport
    ///   errors (``retriesTransportErrors``), no strategy does.
    public func applied(to strategy: RetryPolicy?) -> RetryPolicy {
        guard maxRetries > 0 else { return .never }
        guard var policy = strategy else { return self }
        policy.retriesTransportErrors = policy.retriesTransportErrors && retriesTransportErrors
        return policy
    }

    /// The wait before retry number `retry` (1 for the first), with `random` in 0..<1 as the jitter draw.
    public func backoff(beforeRetry retry: Int, random: Double) -> Duration {
        let exponential = baseDelay * (1 << min(max(retry - 1, 0), 30))
        let capped = min(exponential, maxDelay)
        return capped * (1 - jitter * random)
    }
}

extension Middleware {
    /// Sends a request again when the policy allows, waiting between attempts.
    ///
    /// The policy is the call's own (``StrategyClient/CallOptions/retry``) when it has one, else
    /// the strategy's own (``Endpoint/retry``) when it has one, else `policy`; `policy` can
    /// switch retrying off for all strategies (``RetryPolicy/applied(to:)``).
    /// It decides by the error's ``TransportError/Kind``, the status code and the method
    /// alone. Put it first in the chain so each retry goes through the others again.
    ///
    /// - Parameters:
    ///   - policy: the policy for strategies that have none of their own, and the switch that
    ///     can turn retrying off for all.
    ///   - name: the name strategies exclude it by; `retry` by default.
    public static func retry(_ policy: RetryPolicy = .default, name: String = "retry") -> Middleware {
        Middleware(RetryMiddleware(policy: policy, name: name))
    }
}

/// Sends a request again when the policy allows, waiting between attempts.
///
/// The policy is the strategy's own (``Endpoint/retry``) when it has one, else this
/// middleware's; this middleware's can switch retrying off for all strategies
/// (``RetryPolicy/applied(to:)``). It decides by the error's ``TransportError/Kind``, the
/// status code and the method alone. Put it first in the chain so each retry goes through
/// the others again.
struct RetryMiddleware: Intercepting {
    /// The name strategies exclude it by; `retry` by default.
    public var name: String
    /// The policy for strategies that have none of their own; with ``RetryPolicy/maxRetries``
    /// 0, or without ``RetryPolicy/retriesTransportErrors``, it switches that retrying off for
    /// every strategy (``RetryPolicy/applied(to:)``).
    public var policy: RetryPolicy
    private let sleep: @Sendable (Duration) async throws -> Void

    /// Retries requests by `policy`.
    ///
    /// - Parameter policy: the policy for strategies that have none of their own, and the
    ///   switch that can turn retrying off for all (``RetryPolicy/applied(to:)``).
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
        body: Data?,
        context: Middleware.Context,
        next: Middleware.Next
    ) async throws -> (HTTPResponse, Data) {
        let policy = context.options.retry ?? self.policy.applied(to: context.retry)
        guard policy.maxRetries > 0, policy.retryableMethods.contains(request.method) else {
            return try await next(request, body)
        }
        var request = request
        if let header = policy.idempotencyKeyHeader, !RetryPolicy.idempotentMethods.contains(request.method) {
            let key = try HTTPCheck.field(header, context.options.idempotencyKey ?? UUID().uuidString)
            if request.headerFields[key.name] == nil { request.headerFields.append(key) }
        }
        var retry = 0
        while true {
            retry += 1
            let mayRetry = retry <= policy.maxRetries
            let wait: Duration
            do {
                let (response, responseBody) = try await next(request, body)
                guard mayRetry, policy.retryableStatusCodes.contains(response.status.code) else {
                    return (response, responseBody)
                }
                if let asked = Self.retryAfter(response) {
                    guard asked <= policy.maxDelay else { return (response, responseBody) }
                    // Spread the clients a `Retry-After` sent back at once: never earlier than
                    // asked, up to `jitter` of the base delay later.
                    wait = asked + policy.baseDelay * (policy.jitter * Double.random(in: 0..<1))
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

    /// The wait a `Retry-After` header asks for: delay-seconds or an HTTP date; `nil` when it
    /// is absent or not valid (a negative number included), so the usual backoff applies.
    static func retryAfter(_ response: HTTPResponse, now: Date = Date()) -> Duration? {
        guard let value = response.headerFields[.retryAfter]?.trimmingCharacters(in: .whitespaces), !value.isEmpty else { return nil }
        if value.allSatisfy(\.isASCII) && value.allSatisfy(\.isNumber) {
            return Int(value).map { .seconds($0) }
        }
        let formatter = DateFormatter()
        formatter.locale = Locale(identifier: "en_US_POSIX")
        formatter.timeZone = TimeZone(identifier: "GMT")
        formatter.dateFormat = "EEE, dd MMM yyyy HH:mm:ss zzz"
        guard let date = formatter.date(from: value) else { return nil }
        return .milliseconds(max(Int((date.timeIntervalSince(now) * 1000).rounded(.up)), 0))
    }

    /// Whether another attempt may meet a different outcome: only a transient
    /// ``TransportError`` (can't connect, timed out, connection lost) is.
    static func isTransient(_ error: any Error) -> Bool {
        (error as? TransportError)?.isTransient ?? false
    }
}
