import StrategyKit
import Testing

/// The ``CallError`` a call of a generated client failed with; `nil` (and an issue) when it
/// didn't fail, or failed with another error type.
func failure<APIFailure, Output>(
    _ apiFailure: APIFailure.Type,
    sourceLocation: SourceLocation = #_sourceLocation,
    of call: () async throws -> Output
) async -> CallError<APIFailure>? {
    do {
        _ = try await call()
        Issue.record("the call succeeded", sourceLocation: sourceLocation)
    } catch let error as CallError<APIFailure> {
        return error
    } catch {
        Issue.record("expected a CallError<\(APIFailure.self)>, got \(Swift.type(of: error))", sourceLocation: sourceLocation)
    }
    return nil
}

extension CallError {
    /// The API's error, when the call failed with one.
    var api: APIFailure? {
        if case .api(let error) = self { error } else { nil }
    }

    /// The transport's error, when the call failed with one.
    var transport: TransportError? {
        if case .transport(let error) = self { error } else { nil }
    }
}
