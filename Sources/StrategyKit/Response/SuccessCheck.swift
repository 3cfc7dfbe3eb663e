import Foundation

/// Decides whether a response is a success or a failure to turn into the strategy's error.
///
/// ```swift
/// // An API that answers HTTP 200 with {"error": {...}} when a call fails:
/// .statusCodes(200..<300).and(.bodyLacksKey("error"))
/// ```
public struct SuccessCheck: Sendable {
    private let accepts: @Sendable (HTTPResponse, Data) -> Bool

    /// A check that accepts the responses (and bodies) for which `accepts` returns `true`.
    public init(_ accepts: @escaping @Sendable (HTTPResponse, Data) -> Bool) {
        self.accepts = accepts
    }

    /// Whether `response`, with `body`, is a success.
    public func isSuccess(_ response: HTTPResponse, body: Data) -> Bool {
        accepts(response, body)
    }

    /// Exactly `statusCode`, e.g. 201 for a create or 204 for a delete.
    public static func statusCode(_ statusCode: Int) -> SuccessCheck {
        SuccessCheck { response, _ in response.status.code == statusCode }
    }

    /// A status code in `range`.
    public static func statusCodes(_ range: Range<Int>) -> SuccessCheck {
        SuccessCheck { response, _ in range.contains(response.status.code) }
    }

    /// A body that is not a JSON object holding `path` (e.g. `error` or `meta.error`).
    public static func bodyLacksKey(_ path: String) -> SuccessCheck {
        let keys = JSONPath.keys(path)
        return SuccessCheck { _, body in !JSONPath.contains(keys, in: body) }
    }

    /// Both checks accept.
    public func and(_ other: SuccessCheck) -> SuccessCheck {
        SuccessCheck { self.isSuccess($0, body: $1) && other.isSuccess($0, body: $1) }
    }
}
