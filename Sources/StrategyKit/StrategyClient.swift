import Foundation

/// Runs strategies against one server through one transport.
public struct StrategyClient: Sendable {
    public var server: Server
    public var transport: any Transport

    public init(server: Server, transport: any Transport = URLSessionTransport()) {
        self.server = server
        self.transport = transport
    }

    /// Sends the request `strategy` makes for `input` and returns its output.
    ///
    /// - Throws: `S.Failure` when the strategy rejects the response; the transport's error
    ///   when nothing came back; the decoding error when the body doesn't fit the output.
    public func send<S: Strategy>(_ strategy: S, _ input: S.Input) async throws -> S.Output {
        let endpoint = try strategy.endpoint(for: input)
        let request = HTTPRequest(
            method: endpoint.method,
            url: try server.url(for: endpoint),
            headers: endpoint.headers,
            body: endpoint.body,
            timeout: endpoint.timeout
        )
        let response = try await transport.send(request)
        guard strategy.isSuccess(response) else {
            throw S.Failure(response: response)
        }
        return try strategy.output(from: response)
    }

    /// Sends a strategy that takes no input.
    public func send<S: Strategy>(_ strategy: S) async throws -> S.Output where S.Input == Void {
        try await send(strategy, ())
    }
}
