import Foundation

extension StrategyClient {
    /// Sends a strategy from code that isn't async; `completion` gets the result on an
    /// arbitrary thread. Cancelling the returned task cancels the request; a request that
    /// already finished is not affected.
    @discardableResult
    public func send<S: Strategy>(
        _ strategy: S,
        _ input: S.Input,
        completion: @escaping @Sendable (Result<S.Output, any Error>) -> Void
    ) -> Task<Void, Never> {
        Task {
            completion(await result(strategy, input))
        }
    }

    /// Sends a strategy and returns its result as a value, for chaining calls whose failures
    /// flow down instead of being thrown. See ``Swift/Result/then(_:)``.
    public func result<S: Strategy>(_ strategy: S, _ input: S.Input) async -> Result<S.Output, any Error> {
        do {
            return .success(try await send(strategy, input))
        } catch {
            return .failure(error)
        }
    }
}

extension Result where Failure == any Error {
    /// Runs `next` with the value of a success; what it returns is the new success and what it
    /// throws the new failure. A failure flows down untouched, and `next` doesn't run.
    ///
    /// ```swift
    /// let saved = await client.result(GetUser(), .init(id: 42))
    ///     .then { user in try await client.send(GetPosts(), .init(userID: user.id)) }
    ///     .then { posts in try await store.save(posts) }
    /// ```
    ///
    /// `next` runs on the caller's actor, so a step may use the caller's state (a view
    /// model's, say) without being `@Sendable`.
    nonisolated(nonsending) public func then<NewSuccess>(
        _ next: nonisolated(nonsending) (Success) async throws -> NewSuccess
    ) async -> Result<NewSuccess, any Error> {
        switch self {
        case .success(let value):
            do { return .success(try await next(value)) } catch { return .failure(error) }
        case .failure(let error):
            return .failure(error)
        }
    }
}
