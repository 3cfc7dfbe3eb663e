import Foundation

/// A strategy that answers a stubbing client with the same example JSON whatever its input,
/// as the spec's `example` gives it.
public protocol StubbedByExample: Strategy {
    /// The JSON body a stubbing client answers with.
    static var example: String { get }
    /// The status it answers with; `200 OK` by default.
    static var exampleStatus: HTTPResponse.Status { get }
}

extension StubbedByExample {
    /// `200 OK`.
    public static var exampleStatus: HTTPResponse.Status { .ok }

    /// ``example`` as a JSON response with ``exampleStatus``, for any input.
    public func stub(for input: Input) -> (HTTPResponse, Data)? {
        (.json(status: Self.exampleStatus), Data(Self.example.utf8))
    }
}
