import Foundation
import StrategyKit
import Testing

@Suite struct StubTransportTests {
    struct User: Codable, Equatable, Sendable {
        var id: Int
        var name: String
    }

    struct GetUser: Strategy {
        typealias Output = User

        func endpoint(for id: Int) -> Endpoint {
            Endpoint(.get, "/users/\(id)", query: ["expand": true])
        }
    }

    struct DeleteUser: Strategy {
        typealias Output = Void

        func endpoint(for id: Int) -> Endpoint {
            Endpoint(.delete, "/users/\(id)")
        }
    }

    let stub = StubTransport([
        .init(.get, "/v1/users/{id}", json: #"{"id": 1, "name": "Ada"}"#, delay: .milliseconds(150)),
        .init(.delete, "/v1/users/{id}", failure: URLError(.notConnectedToInternet)),
    ])

    var client: StrategyClient {
        StrategyClient(server: Server(host: "api.example.com", basePath: "/v1"), transport: stub)
    }

    @Test func answersAMatchingRouteAfterItsDelay() async throws {
        let started = ContinuousClock.now

        let user = try await client.send(GetUser(), 1)

        #expect(user == User(id: 1, name: "Ada"))
        #expect(ContinuousClock.now - started >= .milliseconds(150))
        #expect(stub.requests.compactMap(\.request.url?.absoluteString) == ["https://api.example.com/v1/users/1?expand=true"])
    }

    @Test func failsWithTheRoutesError() async throws {
        await #expect(throws: URLError(.notConnectedToInternet)) {
            try await client.send(DeleteUser(), 1)
        }
    }

    @Test func anUnmatchedRequestSaysWhatItWas() async throws {
        let client = StrategyClient(server: Server(host: "api.example.com"), transport: stub)

        let error = await #expect(throws: StubTransport.Unmatched.self) { try await client.send(GetUser(), 1) }
        #expect(error?.description == "no stub route matches GET https://api.example.com/users/1?expand=true")
    }
}
