import Foundation

/// Decides whether a response is a success or a failure to turn into the strategy's error.
///
/// ```swift
/// // An API that answers HTTP 200 with {"error": {...}} when a call fails:
/// .statusCodes(200..<300).and(.bodyLacksKey("error"))
/// ```
public struct SuccessCheck: Sendable {
    private let accepts: @Sendable (HTTPResponse) -> Bool

    /// A check that accepts the responses for which `accepts` returns `true`.
    public init(_ accepts: @escaping @Sendable (HTTPResponse) -> Bool) {
        self.accepts = accepts
    }

    /// Whether `response` is a success.
    public func isSuccess(_ response: HTTPResponse) -> Bool {
        accepts(response)
    }

    /// Exactly `statusCode`, e.g. 201 for a create or 204 for a delete.
    public static func statusCode(_ statusCode: Int) -> SuccessCheck {
        SuccessCheck { $0.statusCode == statusCode }
    }

    /// A status code in `range`.
    public static func statusCodes(_ range: Range<Int>) -> SuccessCheck {
        SuccessCheck { range.contains($0.statusCode) }
    }

    /// A body that is not a JSON object holding `path` (e.g. `error` or `meta.error`).
    public static func bodyLacksKey(_ path: String) -> SuccessCheck {
        let keys = JSONPath.keys(path)
        return SuccessCheck { !JSONPath.contains(keys, in: $0.body) }
    }

    /// Both checks accept.
    public func and(_ other: SuccessCheck) -> SuccessCheck {
        SuccessCheck { self.isSuccess($0) && other.isSuccess($0) }
    }
}
