import Foundation
@_spi(Generated) import StrategyKit
import TestServer
import Testing

/// Success checks, key-path unwrapping, decoding options and errors built from the body,
/// against a server that answers like the VK API: HTTP 200 with either `response` or `error`.
@Suite struct ResponseHandlingTests {
    struct WallItem: Codable, Equatable, Sendable {
        var id: Int
        var text: String
    }

    enum VKError: APIError, Equatable {
        case invalidAccessToken
        case unknown(statusCode: Int, code: Int?, message: String?)

        init(response: HTTPResponse, body: Data) {
            let code = body.value(at: "error.error_code", as: Int.self)
            switch code {
            case 5: self = .invalidAccessToken
            default: self = .unknown(statusCode: response.status.code, code: code, message: body.value(at: "error.error_msg"))
            }
        }
    }

    /// `wall.get`, returning whatever lies at `path`.
    struct GetWall<Value: Decodable & Sendable>: Strategy {
        typealias Output = Value
        typealias Failure = VKError
        var path: String?

        var outputPath: String? { path }
        var successCheck: SuccessCheck { .statusCodes(200..<300).and(.bodyLacksKey("error")) }

        func endpoint(for token: String) -> Endpoint {
            Endpoint(.get, "/wall.get", query: ["access_token": token])
        }
    }

    let server: HTTPTestServer
    let client: StrategyClient

    init() throws {
        server = try HTTPTestServer { request in
            guard request.queryItems.first(where: { $0.name == "access_token" })?.value == "good" else {
                return .json(#"{"error": {"error_code": 5, "error_msg": "User authorization failed"}}"#)
            }
            return .json(#"""
                {"response": {"count": 2, "title": "Wall", "open": true, "published_at": "2024-05-01T12:00:00Z",
                  "items": [{"id": 1, "text": "first"}, {"id": 2, "text": "second"}]}}
                """#)
        }
        client = StrategyClient(server: Server(scheme: "http", host: "127.0.0.1", port: server.port))
    }

    @Test func unwrapsAModelArrayAtAKeyPath() async throws {
        let items = try await client.send(GetWall<[WallItem]>(path: "response.items"), "good")

        #expect(items == [WallItem(id: 1, text: "first"), WallItem(id: 2, text: "second")])
    }

    @Test func unwrapsPrimitivesAtAKeyPath() async throws {
        #expect(try await client.send(GetWall<Int>(path: "response.count"), "good") == 2)
        #expect(try await client.send(GetWall<String>(path: "response.title"), "good") == "Wall")
        #expect(try await client.send(GetWall<Bool>(path: "response.open"), "good") == true)
    }

    @Test func anErrorInTheBodyAtHTTP200IsAFailure() async throws {
        await #expect(throws: VKError.invalidAccessToken) {
            try await client.send(GetWall<Int>(path: "response.count"), "expired")
        }
    }

    @Test func aMissingKeyIsADecodingErrorNamingTheKey() async throws {
        let error = await #expect(throws: DecodingError.self) {
            try await client.send(GetWall<Int>(path: "response.total"), "good")
        }
        guard case .keyNotFound(let key, _)? = error else {
            Issue.record("expected keyNotFound, got \(String(describing: error))")
            return
        }
        #expect(key.stringValue == "total")
    }

    @Test func theClientsDecoderStrategiesApplyToTheUnwrappedValue() async throws {
        struct Wall: Decodable, Sendable { var publishedAt: Date; var count: Int }
        let decoder = JSONDecoder()
        decoder.dateDecodingStrategy = .iso8601
        decoder.keyDecodingStrategy = .convertFromSnakeCase
        var client = self.client
        client.decoder = decoder

        let wall = try await client.send(GetWall<Wall>(path: "response"), "good")

        #expect(wall.publishedAt == Date(timeIntervalSince1970: 1_714_564_800))
        #expect(wall.count == 2)
    }

    @Test func errorTypesReadCodeAndMessageFromTheBody() {
        let body = Data(#"{"error": {"error_code": 9, "error_msg": "Flood control"}}"#.utf8)

        #expect(VKError(response: HTTPResponse(status: .ok), body: body) == .unknown(statusCode: 200, code: 9, message: "Flood control"))
        #expect(body.value(at: "error.missing", as: String.self) == nil)
    }

    @Test func bodyLacksKeyLooksAtNestedKeysAndToleratesNonJSON() {
        let check = SuccessCheck.bodyLacksKey("meta.error")

        #expect(!check.isSuccess(HTTPResponse(status: .ok), body: Data(#"{"meta": {"error": null}}"#.utf8)))
        #expect(check.isSuccess(HTTPResponse(status: .ok), body: Data(#"{"meta": {"ok": true}}"#.utf8)))
        #expect(check.isSuccess(HTTPResponse(status: .ok), body: Data("plain text".utf8)))
    }
}
