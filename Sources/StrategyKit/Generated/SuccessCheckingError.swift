/// An error type whose API tells failures its own way, e.g. `{"error": …}` in the body of an
/// HTTP 200 response. Strategies that fail with it take its ``successCheck`` unless they set their own.
public protocol SuccessCheckingAPIError: APIError {
    /// Which responses are successes for the API that reports this error.
    static var successCheck: SuccessCheck { get }
}

extension Strategy where Failure: SuccessCheckingAPIError {
    /// The failure type's success check.
    public var successCheck: SuccessCheck { Failure.successCheck }
}
