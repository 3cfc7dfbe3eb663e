import Foundation
import StrategyKit
import TestServer
import Testing

/// A loopback server that answers every request with 204 and keeps what it received, and a way
/// to send an endpoint to it as it is: for tests of what an endpoint puts on the wire.
struct EndpointRecorder {
    /// Sends the endpoint it is given.
    struct Send: Strategy {
        typealias Output = Void

        func endpoint(for input: Endpoint) -> Endpoint { input }
    }

    let server: HTTPTestServer

    init() throws {
        server = try HTTPTestServer { _ in CannedResponse(status: 204) }
    }

    /// The request the server received for `endpoint`.
    func send(_ endpoint: Endpoint, sourceLocation: SourceLocation = #_sourceLocation) async throws -> RecordedRequest {
        try await StrategyClient(server: server.server()).send(Send(), endpoint)
        return try #require(server.requests.last, sourceLocation: sourceLocation)
    }
}
