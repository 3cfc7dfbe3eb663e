import Foundation
import StrategyKit
import TestServer
import Testing

/// The client and the URLSession transport against a real server on loopback.
@Suite struct StrategyClientTests {
    struct Note: Codable, Hashable, Sendable {
        var id: Int
        var text: String
    }

    struct NoteError: APIError, Hashable {
        var statusCode: Int
        var message: String

        init(response: HTTPResponse, body: Data) {
            statusCode = response.status.code
            message = String(decoding: body, as: UTF8.self)
        }
    }

    struct CreateNote: Strategy {
        typealias Output = Note
        typealias Failure = NoteError

        func endpoint(for input: String) throws -> Endpoint {
            Endpoint(
                .post, "/notes",
                headers: ["X-Trace": "abc"],
                body: try .json(["text": input])
            )
        }
    }

    struct DeleteNote: Strategy {
        typealias Output = Void

        func endpoint(for input: Int) -> Endpoint {
            Endpoint(.delete, "/notes/\(input)")
        }
    }

    let server: HTTPTestServer
    let client: StrategyClient

    init() throws {
        server = try HTTPTestServer { request in
            switch (request.method, request.path) {
            case ("POST", "/notes"):
                let sent = (try? JSONDecoder().decode([String: String].self, from: request.body)) ?? [:]
                guard let text = sent["text"], !text.isEmpty else { return .text("text is required", status: 422) }
                return .json(#"{"id": 7, "text": "\#(text)"}"#, status: 201)
            case ("DELETE", "/notes/7"):
                return CannedResponse(status: 204)
            default:
                return .text("not found", status: 404)
            }
        }
        client = StrategyClient(server: Server(scheme: "http", host: "127.0.0.1", port: server.port))
    }

    @Test func sendsMethodHeadersAndBodyAndDecodesTheOutput() async throws {
        let note = try await client.send(CreateNote(), "milk")

        #expect(note == Note(id: 7, text: "milk"))
        let request = try #require(server.requests.last)
        #expect(request.method == "POST")
        #expect(request.header("x-trace") == "abc")
        #expect(request.header("Content-Type") == "application/json")
        #expect(try JSONDecoder().decode([String: String].self, from: request.body) == ["text": "milk"])
    }

    @Test func rejectedResponseBecomesTheStrategysFailure() async throws {
        await #expect(throws: NoteError(response: HTTPResponse(status: 422), body: Data("text is required".utf8))) {
            try await client.send(CreateNote(), "")
        }
    }

    @Test func strategyWithoutAnErrorTypeThrowsTheUnexpectedResponse() async throws {
        let error = await #expect(throws: UnexpectedResponse.self) {
            try await client.send(DeleteNote(), 8)
        }
        #expect(error?.response.status.code == 404)
        #expect(error?.body == Data("not found".utf8))
    }

    @Test func voidOutputAcceptsAnEmptyBody() async throws {
        try await client.send(DeleteNote(), 7)

        #expect(server.requests.last?.method == "DELETE")
    }

    @Test func transportReturnsEveryStatusWithHeadersAndBody() async throws {
        let request = HTTPRequest(method: .get, url: URL(string: "http://127.0.0.1:\(server.port)/missing")!)

        let (response, body) = try await URLSessionTransport().send(request)

        #expect(response.status.code == 404)
        #expect(response.headerFields[.contentType]?.hasPrefix("text/plain") == true)
        #expect(body == Data("not found".utf8))
    }
}
