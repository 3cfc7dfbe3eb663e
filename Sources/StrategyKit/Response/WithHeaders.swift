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

/// A list read with headers is still a list: it iterates, counts and maps as its output does.
extension WithHeaders: Sequence where Output: Sequence {
    /// An iterator over the output's elements.
    public func makeIterator() -> Output.Iterator {
        output.makeIterator()
    }

    /// The output's underestimated count.
    public var underestimatedCount: Int {
        output.underestimatedCount
    }
}

extension WithHeaders: Collection where Output: Collection {
    /// The output's first index.
    public var startIndex: Output.Index { output.startIndex }

    /// The output's end index.
    public var endIndex: Output.Index { output.endIndex }

    /// The output's element at `position`.
    public subscript(position: Output.Index) -> Output.Element {
        output[position]
    }

    /// The output's index after `index`.
    public func index(after index: Output.Index) -> Output.Index {
        output.index(after: index)
    }
}

extension WithHeaders: BidirectionalCollection where Output: BidirectionalCollection {
    /// The output's index before `index`.
    public func index(before index: Output.Index) -> Output.Index {
        output.index(before: index)
    }
}

extension WithHeaders: RandomAccessCollection where Output: RandomAccessCollection {}
