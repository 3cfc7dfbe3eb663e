import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif
import StrategyKit
import StrategyKitAsyncHTTPClient
import TestServer
import Testing

/// Every real transport, against the same server, meets the same expectations.
@Suite struct TransportConformanceTests {
    typealias Kind = TransportKind

    let server: HTTPTestServer

    init() throws {
        server = try HTTPTestServer { request in
            switch request.path {
            case "/echo":
                var headers = [(name: "Content-Type", value: "application/octet-stream"), (name: "X-Method", value: request.method)]
                headers.append((name: "X-Seen-Trace", value: request.header("X-Trace") ?? ""))
                return CannedResponse(status: 200, headers: headers, body: request.body)
            case "/status":
                let code = Int(request.query("code") ?? "") ?? 200
                return code == 204 ? CannedResponse(status: 204) : .text("status \(code)", status: code)
            case "/challenge":
                return CannedResponse(
                    status: 401,
                    headers: [("WWW-Authenticate", "\(request.query("scheme") ?? "Basic") realm=\"conformance\""), ("Content-Type", "text/plain")],
                    body: Data("sign in".utf8)
                )
            case "/slow":
                // Far longer than any test waits, so an answer can't be mistaken for a timeout.
                try? await Task.sleep(for: .seconds(30))
                return .text("late")
            default:
                return .text("not here", status: 404)
            }
        }
    }

    func url(_ path: String) -> URL {
        URL(string: "http://127.0.0.1:\(server.port)\(path)")!
    }

    @Test(arguments: Kind.allCases)
    func pathAndQueryArriveAsSent(kind: Kind) async throws {
        _ = try await kind.transport.send(HTTPRequest(method: .get, url: url("/echo/a%2Fb?q=a%20b&q=c%26d")))

        let request = try #require(server.requests.last)
        #expect(request.path == "/echo/a%2Fb")
        #expect(request.query == "q=a%20b&q=c%26d")
    }

    @Test(arguments: Kind.allCases, [HTTPRequest.Method.post, .put, .patch, .delete])
    func bodiesArriveByteForByte(kind: Kind, method: HTTPRequest.Method) async throws {
        let body = Data((0..<(1 << 20)).map { UInt8(truncatingIfNeeded: $0 &* 31) })

        let request = HTTPRequest(method: method, url: url("/echo"), headerFields: [.contentType: "application/octet-stream"])
        let (response, echoed) = try await kind.transport.send(request, body: body)

        #expect(server.requests.last?.method == method.rawValue)
        #expect(server.requests.last?.body == body)
        #expect(echoed == body)
        #expect(response.headerFields[HTTPField.Name("x-method")!] == method.rawValue)
    }

    @Test(arguments: Kind.allCases)
    func headersArriveAndComeBack(kind: Kind) async throws {
        let tag = HTTPField.Name("X-Tag")!
        let headers: HTTPFields = [HTTPField.Name("X-Trace")!: "t-42", tag: "a", tag: "b"]

        let (response, _) = try await kind.transport.send(HTTPRequest(method: .get, url: url("/echo"), headerFields: headers))

        let request = try #require(server.requests.last)
        #expect(request.header("X-Trace") == "t-42")
        let tags = request.headers.filter { $0.name.lowercased() == "x-tag" }.flatMap { $0.value.split(separator: ",") }
        #expect(tags.map { $0.trimmingCharacters(in: .whitespaces) } == ["a", "b"])
        #expect(response.headerFields[HTTPField.Name("X-Seen-Trace")!] == "t-42")
    }

    @Test(arguments: Kind.allCases, [200, 201, 204, 404, 500])
    func everyStatusComesBackAsAResponse(kind: Kind, code: Int) async throws {
        let (response, body) = try await kind.transport.send(HTTPRequest(method: .get, url: url("/status?code=\(code)")))

        #expect(response.status.code == code)
        #expect(body == (code == 204 ? Data() : Data("status \(code)".utf8)))
    }

    /// A server's challenge is the answer, for the client's authenticator to act on: the
    /// transport neither answers it with a credential it found on its own (here, one stored for
    /// the server's realm) nor waits for one.
    @Test(arguments: Kind.allCases, ["Basic", "Bearer"])
    func aChallengeIsTheAnswerAndNoStoredCredentialAnswersIt(kind: Kind, scheme: String) async throws {
        let space = URLProtectionSpace(
            host: "127.0.0.1", port: server.port, protocol: "http", realm: "conformance",
            authenticationMethod: NSURLAuthenticationMethodHTTPBasic
        )
        URLCredentialStorage.shared.setDefaultCredential(URLCredential(user: "stored", password: "secret", persistence: .forSession), for: space)
        defer { URLCredentialStorage.shared.remove(URLCredential(user: "stored", password: "secret", persistence: .forSession), for: space) }

        let (response, body) = try await kind.transport.send(HTTPRequest(method: .get, url: url("/challenge?scheme=\(scheme)")))

        #expect(response.status.code == 401)
        #expect(body == Data("sign in".utf8))
        #expect(server.requests.count == 1)
        #expect(server.requests.allSatisfy { $0.header("Authorization") == nil })
    }

    @Test(arguments: Kind.allCases)
    func headHasNoBody(kind: Kind) async throws {
        let (response, body) = try await kind.transport.send(HTTPRequest(method: .head, url: url("/status?code=200")))

        #expect(response.status.code == 200)
        #expect(body.isEmpty)
    }

    @Test(arguments: Kind.allCases)
    func aRequestSlowerThanItsTimeoutFails(kind: Kind) async throws {
        // The server answers /slow after 30 s, so a timeout that didn't fire ends in a response.
        let error = await #expect(throws: TransportError.self) {
            try await kind.transport.send(HTTPRequest(method: .get, url: url("/slow")), body: nil, limits: StrategyClient.Limits(timeout: 0.3))
        }
        #expect(error?.kind == .timedOut)
    }

    @Test(arguments: Kind.allCases)
    func cancellingTheTaskCancelsTheRequest(kind: Kind) async throws {
        let transport = kind.transport
        let request = HTTPRequest(method: .get, url: url("/slow"))
        let task = Task { try await transport.send(request) }
        try await server.received(1)
        task.cancel()

        let error = await #expect(throws: TransportError.self) { try await task.value }
        #expect(error?.kind == .cancelled)
    }

    /// A refused connection fails at once, long before the request's deadline.
    @Test(arguments: Kind.allCases)
    func aRefusedConnectionFails(kind: Kind) async throws {
        let port = try closedPort()

        let error = await #expect(throws: TransportError.self) {
            try await kind.transport.send(HTTPRequest(method: .get, url: URL(string: "http://127.0.0.1:\(port)/")!), body: nil, limits: StrategyClient.Limits(timeout: 60))
        }
        // Waiting out the 60 s deadline would end timed out instead.
        #expect(error?.kind == .cannotConnect)
    }

    /// A transport's request can't hold a method that would split it: HTTPTypes refuses to make
    /// one (an endpoint's method is refused with a `RequestBuildingError` before that).
    @Test func aMethodThatWouldSplitTheRequestCannotBeMade() {
        #expect(HTTPRequest.Method("GET /smuggled HTTP/1.1\r\nX-Evil: 1\r\n\r\nGET") == nil)
    }
}
