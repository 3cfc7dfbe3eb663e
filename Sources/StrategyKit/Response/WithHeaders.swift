/// A strategy's output together with the response headers it reads: what a strategy returns
/// when its spec declares response headers.
///
/// The output's own members read through it, so a call site reads the output as usual and the
/// headers beside it:
///
/// ```swift
/// let issues = try await github.listIssues(owner: "apple", repo: "swift")
/// print(issues.count, issues.headers.link ?? "one page")
/// ```
@dynamicMemberLookup
public struct WithHeaders<Output: Sendable, Headers: Sendable>: Sendable {
    /// The output decoded from the body.
    public var output: Output
    /// The response headers the strategy reads.
    public var headers: Headers

    /// The output `output`, with `headers`.
    public init(_ output: Output, headers: Headers) {
        self.output = output
        self.headers = headers
    }

    /// A member of the output, read through the wrapper.
    public subscript<Value>(dynamicMember keyPath: KeyPath<Output, Value>) -> Value {
        output[keyPath: keyPath]
    }
}

extension WithHeaders: Equatable where Output: Equatable, Headers: Equatable {}
