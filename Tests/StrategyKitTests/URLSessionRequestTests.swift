import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif
import StrategyKit
import TestServer
import Testing

/// URLSession sends no body with a `GET`: the transport says so before anything is sent, rather
/// than FoundationNetworking's "resource exceeds maximum size"; and a redirect status without
/// a `Location` is the answer.
@Suite struct URLSessionRequestTests {
    let server: HTTPTestServer

    init() throws {
        server = try HTTPTestServer { request in
            if request.path == "/moved" { return CannedResponse(status: 301) }
            return CannedResponse(status: 200, headers: [(name: "Content-Type", value: "application/octet-stream")], body: request.body)
        }
    }

    func request(_ method: HTTPRequest.Method) -> HTTPRequest {
        HTTPRequest(method: method, url: URL(string: "http://127.0.0.1:\(server.port)/posts")!, headerFields: [.contentType: "application/json"])
    }

    @Test func aGetWithABodyFailsAtOnceSayingWhyAndSendsNothing() async throws {
        let error = await #expect(throws: TransportError.self) {
            try await URLSessionTransport().send(request(.get), body: Data(#"{"post_ids":[1]}"#.utf8))
        }
        #expect(error?.kind == .invalidResponse)
        #expect(error?.detail.contains("URLSession sends no body with GET") == true)
        #expect(error?.isTransient == false)
        #expect(server.requests.isEmpty)
    }

    @Test func aGetWithAnEmptyBodyIsSentWithoutOne() async throws {
        let (response, data) = try await URLSessionTransport().send(request(.get), body: Data())

        #expect(response.status.code == 200)
        #expect(data.isEmpty)
        #expect(server.requests.last?.method == "GET")
    }

    @Test func anotherMethodWithABodySendsIt() async throws {
        let body = Data(#"{"post_ids":[1]}"#.utf8)
        let (_, echoed) = try await URLSessionTransport().send(request(.post), body: body)

        #expect(echoed == body)
    }

    @Test func aRedirectWithoutALocationIsTheAnswer() async throws {
        let request = HTTPRequest(method: .get, url: URL(string: "http://127.0.0.1:\(server.port)/moved")!)
        let (response, data) = try await URLSessionTransport().send(request, body: nil)

        #expect(response.status.code == 301)
        #expect(data.isEmpty)
    }
}
