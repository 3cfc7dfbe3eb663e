/// A strategy that answers a stubbing client with the same example response whatever its input,
/// as the spec's `example` gives it.
public protocol StubbedByExample: Strategy {
    /// The response a stubbing client answers with.
    static var example: HTTPResponse { get }
}

extension StubbedByExample {
    /// ``example``, for any input.
    public func stub(for input: Input) -> HTTPResponse? {
        Self.example
    }
}
