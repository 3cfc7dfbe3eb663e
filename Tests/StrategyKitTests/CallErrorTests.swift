import Foundation
import StrategyKit
import TestServer
import Testing

/// `call` sorts every failure into the case a caller handles, against a real server on loopback.
@Suite struct CallErrorTests {
    struct Note: Decodable, Sendable {
        var id: Int
    }

    struct GetNote: Strategy {
        typealias Output = Note
        var note: String?

        func endpoint(for input: String) -> Endpoint {
            Endpoint(.get, "/notes/\(input)", headers: ["X-Note": note])
        }
    }

    let server: HTTPTestServer
    let client: StrategyClient

    init() throws {
        server = try HTTPTestServer { request in
            switch request.path {
            case "/notes/7": .json(#"{"id": 7}"#)
            case "/notes/garbled": .json(#"{"id": "seven"}"#)
            default: .text("not found", status: 404)
            }
        }
        client = StrategyClient(server: server.server())
    }

    @Test func theAPIsAnswerIsTheStrategysFailure() async {
        let error = await failure { try await client.call(GetNote(), "8") }

        guard case .api(let response)? = error else { Issue.record("got \(String(describing: error))"); return }
        #expect(response.response.status.code == 404)
        #expect(response.body == Data("not found".utf8))
    }

    @Test func aBodyThatDoesNotDecodeIsKept() async {
        let error = await failure { try await client.call(GetNote(), "garbled") }

        guard case .decoding(let underlying, let body)? = error else { Issue.record("got \(String(describing: error))"); return }
        #expect(underlying is DecodingError)
        #expect(body == Data(#"{"id": "seven"}"#.utf8))
    }

    @Test func aRequestThatCannotBeMadeIsNotSent() async {
        let error = await failure { try await client.call(GetNote(note: "a\r\nX-Admin: yes"), "7") }

        guard case .request(let underlying)? = error else { Issue.record("got \(String(describing: error))"); return }
        #expect(underlying as? RequestBuildingError == .invalidHeaderValue(name: "X-Note"))
        #expect(server.requests.isEmpty)
    }

    @Test func missingCredentialsAreAnAuthenticationError() async {
        var client = self.client
        client.middlewares = [.authentication(.bearer(BearerTokenAuthenticator(token: nil)))]

        let error = await failure { try await client.call(GetNote(), "7") }

        guard case .authentication(.noCredentials)? = error else { Issue.record("got \(String(describing: error))"); return }
        #expect(server.requests.isEmpty)
    }

    @Test func noResponseIsATransportErrorOfItsKind() async throws {
        let refusing = try RefusingPort()
        let closed = StrategyClient(server: Server(scheme: "http", host: "127.0.0.1", port: refusing.port))

        let error = await failure { try await closed.call(GetNote(), "7") }

        guard case .transport(let transportError)? = error else { Issue.record("got \(String(describing: error))"); return }
        #expect(transportError.kind == .cannotConnect)
        withExtendedLifetime(refusing) {}
    }

    @Test func aCancelledCallIsATransportErrorOfKindCancelled() async {
        let client = self.client
        let call = Task { await failure { try await client.call(GetNote(), "7") } }
        call.cancel()

        let error = await call.value

        guard case .transport(let transportError)? = error else { Issue.record("got \(String(describing: error))"); return }
        #expect(transportError.kind == .cancelled)
    }

    /// The `CallError` a call failed with; `nil` (and an issue) when it succeeded or threw another type.
    func failure<Output>(_ call: () async throws -> Output) async -> CallError<UnexpectedResponse>? {
        do {
            _ = try await call()
            Issue.record("the call succeeded")
        } catch let error as CallError<UnexpectedResponse> {
            return error
        } catch {
            Issue.record("expected a CallError, got \(type(of: error))")
        }
        return nil
    }
}
