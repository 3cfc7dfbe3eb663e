import Foundation
import StrategyKit
import StrategyKitAsyncHTTPClient
import TestServer
import Testing

/// Sends from tasks cancelled before they start never start a request, and never crash.
@Suite struct CancellationTests {
    enum Kind: String, CaseIterable, CustomTestStringConvertible, Sendable {
        case urlSession, asyncHTTPClient, stub

        var transport: any Transport {
            switch self {
            case .urlSession: URLSessionTransport()
            case .asyncHTTPClient: AsyncHTTPClientTransport()
            case .stub: StubTransport([.init(.get, "/ping", response: HTTPResponse(status: 204))])
            }
        }

        var testDescription: String { rawValue }
    }

    struct Ping: Strategy {
        typealias Output = Void
        func endpoint(for input: Void) -> Endpoint { Endpoint(.get, "/ping") }
    }

    @Test(arguments: Kind.allCases)
    func aThousandSendsFromCancelledTasksFailAsCancelledAndSendNothing(kind: Kind) async throws {
        let server = try HTTPTestServer { _ in CannedResponse(status: 204) }
        let transport = kind.transport
        let client = StrategyClient(server: server.server(), transport: transport)
        let request = HTTPRequest(method: .get, url: URL(string: "http://127.0.0.1:\(server.port)/ping")!)

        let outcomes = await withTaskGroup(of: [TransportError.Kind?].self) { group in
            for _ in 0..<1000 {
                group.addTask {
                    withUnsafeCurrentTask { $0?.cancel() }
                    var kinds: [TransportError.Kind?] = []
                    do { _ = try await transport.send(request) } catch { kinds.append((error as? TransportError)?.kind) }
                    do { try await client.send(Ping()) } catch { kinds.append((error as? TransportError)?.kind) }
                    return kinds
                }
            }
            return await group.reduce(into: []) { $0 += $1 }
        }

        #expect(outcomes.count == 2000)
        #expect(outcomes.allSatisfy { $0 == .cancelled })
        #expect(server.requests.isEmpty)
    }
}
