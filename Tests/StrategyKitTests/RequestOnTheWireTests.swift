import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif
@_spi(Generated) import StrategyKit
import TestServer
import Testing

/// What a client's request looks like when it reaches the server: the server's settings, the
/// endpoint's query styles and timeout, and a stub transport that never reaches it.
@Suite struct RequestOnTheWireTests {
    struct Send: Strategy {
        typealias Output = Void

        func endpoint(for input: Endpoint) -> Endpoint { input }
    }

    let server: HTTPTestServer

    init() throws {
        server = try HTTPTestServer { request in
            if request.path.hasSuffix("/slow") { try? await Task.sleep(for: .seconds(30)) }
            return CannedResponse(status: 204)
        }
    }

    func send(_ endpoint: Endpoint, basePath: String = "") async throws -> RecordedRequest {
        try await StrategyClient(server: server.server(basePath: basePath)).send(Send(), endpoint)
        return try #require(server.requests.last)
    }

    /// Declared out of alphabetical order, with a nested object and a dictionary.
    struct Bid: Encodable {
        var zebra = 1
        var apple = "a"
        var mango = Nested()
        var tags: [String: Int] = Dictionary(uniqueKeysWithValues: (0..<12).map { ("k\($0)", $0) })
        var placedAt = Date(timeIntervalSince1970: 0)

        struct Nested: Encodable { var y = true; var b = false }
    }

    @Test func aJSONBodySendsItsKeysSortedSoTheSameCallSendsTheSameBytes() async throws {
        let encoder = JSONEncoder()
        encoder.dateEncodingStrategy = .iso8601

        let first = try await send(Endpoint(.post, "/bids", body: try .json(Bid(), encoder: encoder)))
        let second = try await send(Endpoint(.post, "/bids", body: try .json(Bid())))

        let tags = (0..<12).map { "k\($0)" }.sorted().map { "\"\($0)\":\($0.dropFirst())" }.joined(separator: ",")
        let expected = #"{"apple":"a","mango":{"b":false,"y":true},"placedAt":"1970-01-01T00:00:00Z","tags":{"# + tags + #"},"zebra":1}"#
        #expect(String(decoding: first.body, as: UTF8.self) == expected)
        #expect(first.header("Content-Type") == "application/json")
        #expect(String(decoding: second.body, as: UTF8.self).hasPrefix(#"{"apple":"a","mango":{"b":false,"y":true},"placedAt":"#))
        #expect(!encoder.outputFormatting.contains(.sortedKeys))  // the caller's encoder is left as it was
    }

    @Test func queryArraysBoolsAndDatesArriveInTheDeclaredStyles() async throws {
        let date = Date(timeIntervalSince1970: 1_714_564_800)
        let encoding = QueryEncoding(arrays: .brackets, bools: .digit, dates: .pattern("yyyy-MM-dd"))

        let styled = try await send(Endpoint(.get, "/search", query: ["tag": ["a b", "c&d"], "open": true, "since": date], queryEncoding: encoding))
        let plain = try await send(Endpoint(.get, "/search", query: ["tag": ["x", "y"], "open": false, "since": date]))

        #expect(styled.query == "tag%5B%5D=a%20b&tag%5B%5D=c%26d&open=1&since=2024-05-01")
        #expect(styled.queryItems.map(\.name) == ["tag[]", "tag[]", "open", "since"])
        #expect(styled.queryItems.map(\.value) == ["a b", "c&d", "1", "2024-05-01"])
        #expect(plain.query == "tag=x&tag=y&open=false&since=2024-05-01T12%3A00%3A00Z")
    }

    @Test func theBasePathPrefixesEveryPathAndValuesStayInTheirSegment() async throws {
        let received = try await send(Endpoint(.get, "/files/\("...")/\("a/b?c")"), basePath: "/api/v2/")

        #expect(received.path == "/api/v2/files/.../a%2Fb%3Fc")
        #expect(received.query == nil)
    }

    @Test(arguments: [".", ".."])
    func aDotSegmentValueIsRefusedAndNothingIsSent(value: String) async throws {
        await #expect(throws: RequestBuildingError.dotSegment(value)) {
            try await send(Endpoint(.get, "/files/\(value)/secret"))
        }
        #expect(server.requests.isEmpty)
    }

    @Test(arguments: ["GET\r\nX-Smuggled: 1", "GET /other HTTP/1.1\r\n", "PO ST", ""])
    func aMethodThatIsNotATokenIsRefusedAndNothingIsSent(method: String) async throws {
        await #expect(throws: RequestBuildingError.invalidMethod(method.uppercased())) {
            var endpoint = Endpoint(.get, "/anything")
            endpoint.method = method
            _ = try await send(endpoint)
        }
        #expect(server.requests.isEmpty)
    }

    @Test func anEndpointTimeoutEndsTheWait() async throws {
        let client = StrategyClient(server: server.server())

        let error = await #expect(throws: TransportError.self) {
            try await client.send(Send(), Endpoint(.get, "/slow", timeout: 0.3))
        }

        #expect(error?.kind == .timedOut)
    }

    @Test func aDelayedStubAnswersAfterTheDelayWithoutTheNetwork() async throws {
        let stub = StubTransport([.init(.get, "/anything", response: HTTPResponse(status: .noContent), delay: .milliseconds(200))])
        let client = StrategyClient(server: server.server(), transport: stub)

        let start = ContinuousClock.now
        try await client.send(Send(), Endpoint(.get, "/anything"))

        #expect(ContinuousClock.now - start >= .milliseconds(200))
        #expect(server.requests.isEmpty)
    }

    @Test func cancellingADelayedStubEndsTheCallWithCancellation() async throws {
        let stub = StubTransport([.init(.get, "/anything", response: HTTPResponse(status: .noContent), delay: .seconds(30))])
        let client = StrategyClient(server: server.server(), transport: stub)

        let call = Task { try await client.send(Send(), Endpoint(.get, "/anything")) }
        call.cancel()

        let error = await #expect(throws: TransportError.self) { try await call.value }
        #expect(error?.kind == .cancelled)
        #expect(server.requests.isEmpty)
    }
}
