import Foundation
@_spi(Generated) import StrategyKit
import TestServer
import Testing

/// Middlewares and their filters, chaining and completion handlers.
@Suite struct ClientFeaturesTests {
    struct Greeting: Codable, Equatable, Sendable {
        var text: String
    }

    struct GetGreeting: Strategy {
        typealias Output = Greeting
        var filter: Middleware.Filter = .all

        var middlewareFilter: Middleware.Filter { filter }

        func endpoint(for name: String) -> Endpoint {
            Endpoint(.get, "/greetings/\(name)")
        }
    }

    struct SaveGreeting: Strategy {
        typealias Output = Void

        func endpoint(for greeting: Greeting) throws -> Endpoint {
            Endpoint(.post, "/saved", body: try .json(greeting))
        }
    }

    /// Adds a header naming itself, so the order of the chain shows on the server.
    static func tagging(_ name: String) -> Middleware {
        Middleware(name: name) { request, body, _, next in
            var request = request
            request.headerFields.append(HTTPField(name: HTTPField.Name("X-Chain")!, value: name))
            return try await next(request, body)
        }
    }

    /// An async sink that keeps what it is given.
    actor Store {
        private(set) var saved: [Greeting] = []
        func save(_ greeting: Greeting) { saved.append(greeting) }
    }

    let server: HTTPTestServer
    let client: StrategyClient

    init() throws {
        server = try HTTPTestServer { request in
            switch (request.method, request.path) {
            case ("GET", "/greetings/slow"):
                try? await Task.sleep(for: .seconds(30))
                return .json(#"{"text": "late"}"#)
            case ("GET", "/greetings/nobody"):
                return .text("no one here", status: 404)
            case ("GET", _):
                let name = request.path.split(separator: "/").last.map(String.init) ?? ""
                return .json(#"{"text": "hello, \#(name)"}"#)
            case ("POST", "/saved"):
                return CannedResponse(status: 201)
            default:
                return .text("unexpected", status: 400)
            }
        }
        client = StrategyClient(server: Server(scheme: "http", host: "127.0.0.1", port: server.port))
    }

    @Test func middlewaresRunInOrderAndStrategiesCanOptOut() async throws {
        var client = self.client
        client.middlewares = [Self.tagging("first"), Self.tagging("second"), Self.tagging("third")]

        _ = try await client.send(GetGreeting(), "ada")
        _ = try await client.send(GetGreeting(filter: .excluding(["second"])), "ada")
        _ = try await client.send(GetGreeting(filter: .only(["third"])), "ada")

        // Repeated fields may arrive as one comma-separated field (RFC 9110 §5.3).
        let chains = server.requests.map { request in
            request.headers.filter { $0.name == "X-Chain" }
                .flatMap { $0.value.split(separator: ",").map { $0.trimmingCharacters(in: .whitespaces) } }
        }
        #expect(chains == [["first", "second", "third"], ["first", "third"], ["third"]])
    }

    @Test func defaultParametersAddHeadersAndQueryItemsToEveryRequest() async throws {
        var client = self.client
        client.middlewares = [.defaultParameters(headers: ["X-Client": "tests", "Accept": "application/json"], query: ["v": "5.131"])]

        _ = try await client.send(GetGreeting(), "ada")

        let request = try #require(server.requests.last)
        #expect(request.query == "v=5.131")
        #expect(request.header("X-Client") == "tests")
    }

    @Test func chainingFeedsOneResultIntoTheNextStep() async throws {
        let store = Store()

        let result = await client.result(GetGreeting(), "ada")
            .then { greeting in try await client.send(SaveGreeting(), greeting); return greeting }
            .then { greeting in await store.save(greeting) }

        #expect(throws: Never.self) { try result.get() }
        #expect(await store.saved == [Greeting(text: "hello, ada")])
        #expect(server.requests.map(\.method) == ["GET", "POST"])
    }

    @MainActor @Test func chainedStepsRunOnTheCallersActorAndMayUseItsState() async throws {
        var shown: [String] = []  // main-actor state, as a view model's would be

        let result = await client.result(GetGreeting(), "ada")
            .then { greeting in
                shown.append(greeting.text)
                return greeting.text.count
            }

        #expect(try result.get() == "hello, ada".count)
        #expect(shown == ["hello, ada"])
    }

    @Test func aFailureFlowsDownTheChainAsAValue() async throws {
        let store = Store()

        let result = await client.result(GetGreeting(), "nobody")
            .then { greeting in await store.save(greeting) }

        guard case .failure(let error as UnexpectedResponse) = result else {
            Issue.record("expected the 404 to flow down, got \(result)")
            return
        }
        #expect(error.response.status.code == 404)
        #expect(await store.saved.isEmpty)
    }

    @Test func completionHandlerGetsTheResult() async throws {
        let greeting = await withCheckedContinuation { continuation in
            client.send(GetGreeting(), "grace") { result in continuation.resume(returning: try? result.get()) }
        }

        #expect(greeting == Greeting(text: "hello, grace"))
    }

    @Test func cancellingTheHandleCancelsTheRequest() async throws {
        // The server answers "slow" after 30 s, so a cancellation that didn't reach it ends in a greeting.
        let server = self.server
        let result = await withCheckedContinuation { continuation in
            let handle = client.send(GetGreeting(), "slow") { result in continuation.resume(returning: result) }
            Task {
                try await server.received(1)
                handle.cancel()
            }
        }

        let error = #expect(throws: TransportError.self) { try result.get() }
        #expect(error?.kind == .cancelled)
    }

    @Test func aCancelledCallFailsAsACancelledTransport() async throws {
        let client = self.client
        let call = Task { try await client.call(GetGreeting(), "slow") }
        try await server.received(1)
        call.cancel()

        guard case .failure(let error) = await call.result, let error = error as? CallError<UnexpectedResponse> else {
            Issue.record("expected a CallError")
            return
        }
        guard case .transport(let transport) = error else {
            Issue.record("expected .transport(.cancelled), got \(error)")
            return
        }
        #expect(transport.kind == .cancelled)
    }
}
