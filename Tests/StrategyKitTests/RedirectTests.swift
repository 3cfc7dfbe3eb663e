import Foundation
import StrategyKit
import StrategyKitAsyncHTTPClient
import TestServer
import Testing

/// Redirects are followed by the client's rule on every transport: credentials stay on their
/// origin and never reach another port.
@Suite struct RedirectTests {
    typealias Kind = FaultConformanceTests.Kind

    /// One way of sending a credential, and where the landing server finds it.
    enum Credential: String, CaseIterable, CustomTestStringConvertible, Sendable {
        case bearer, basic, apiKeyHeader, apiKeyQuery, cookie

        var authenticator: Authenticator {
            switch self {
            case .bearer: .bearer(BearerTokenAuthenticator(token: BearerTokenAuthenticator.Token(accessToken: "bearer-secret")))
            case .basic: .basic(username: "ada", password: "basic-secret")
            case .apiKeyHeader: .apiKey(name: "X-Api-Key", value: "header-secret", in: .header)
            case .apiKeyQuery: .apiKey(name: "api_key", value: "query-secret", in: .query)
            case .cookie: .header("Cookie") { "session=cookie-secret" }
            }
        }

        /// Whether `request` carries the credential.
        func isCarried(by request: RecordedRequest) -> Bool {
            isCarried(in: request.target + request.headers.map { "\($0.name): \($0.value)" }.joined(separator: "\n"))
        }

        /// Whether `text`, a request's target and header fields, holds the credential.
        func isCarried(in text: String) -> Bool {
            let secret = switch self {
            case .bearer: "bearer-secret"
            case .basic: Data("ada:basic-secret".utf8).base64EncodedString()
            case .apiKeyHeader: "header-secret"
            case .apiKeyQuery: "query-secret"
            case .cookie: "cookie-secret"
            }
            return text.contains(secret)
        }

        var testDescription: String { rawValue }
    }

    struct Fetch: Strategy {
        typealias Output = String
        var path: Endpoint.Path
        var method: HTTPRequest.Method = .get

        func endpoint(for input: Void) -> Endpoint {
            Endpoint(method, path, query: ["page": 2], body: method == .post ? .data(Data("form".utf8)) : nil)
        }

        func output(from response: HTTPResponse, body: Data, decoder: JSONDecoder) throws -> String {
            String(decoding: body, as: UTF8.self)
        }
    }

    let landing: HTTPTestServer
    let origin: HTTPTestServer

    init() throws {
        let landing = try HTTPTestServer { request in .text("landed \(request.method)") }
        let other = "http://127.0.0.1:\(landing.port)"
        origin = try HTTPTestServer { request in
            let query = request.query.map { "?" + $0 } ?? ""
            switch request.path {
            case "/same": return CannedResponse(status: 307, headers: [("Location", "/landing\(query)")])
            // Locations that leave the request's query out, or name the key with a value of their own.
            case "/same-bare": return CannedResponse(status: 302, headers: [("Location", "/landing")])
            case "/same-stale": return CannedResponse(status: 307, headers: [("Location", "/landing?api_key=stale&next=1")])
            case "/same-then-other": return CannedResponse(status: 307, headers: [("Location", "/other-bare")])
            case "/other-bare": return CannedResponse(status: 307, headers: [("Location", "\(other)/landing")])
            case "/other": return CannedResponse(status: 307, headers: [("Location", "\(other)/landing\(query)")])
            case "/see-other": return CannedResponse(status: 303, headers: [("Location", "\(other)/landing")])
            case "/moved": return CannedResponse(status: 301, headers: [("Location", "\(other)/landing")])
            case "/temporary": return CannedResponse(status: 307, headers: [("Location", "\(other)/landing")])
            case "/loop": return CannedResponse(status: 302, headers: [("Location", "/loop")])
            case "/host":
                // The same server under another name: 127.0.0.1 becomes localhost.
                let port = request.header("Host")?.split(separator: ":").last ?? ""
                return CannedResponse(status: 307, headers: [("Location", "http://localhost:\(port)/landing\(query)")])
            case let path where path.hasPrefix("/status/"):
                let status = Int(path.dropFirst("/status/".count)) ?? 500
                return CannedResponse(status: status, headers: [("Location", "\(other)/landing\(query)")])
            case "/landing": return .text("landed \(request.method)")
            default: return .text("?", status: 404)
            }
        }
        self.landing = landing
    }

    func client(_ kind: Kind, _ credential: Credential? = nil, redirects: StrategyClient.Limits.RedirectPolicy = .follow(max: 5)) -> StrategyClient {
        StrategyClient(
            server: origin.server(),
            transport: kind.transport,
            middlewares: credential.map { [.authentication($0.authenticator)] } ?? [],
            limits: StrategyClient.Limits(timeout: unhurriedTimeout, redirects: redirects)
        )
    }

    @Test(arguments: Kind.allCases, Credential.allCases)
    func aCredentialFollowsARedirectOnItsOrigin(kind: Kind, credential: Credential) async throws {
        #expect(try await client(kind, credential).send(Fetch(path: "/same")) == "landed GET")

        let landed = try #require(origin.requests.last)
        #expect(landed.path == "/landing")
        #expect(credential.isCarried(by: landed))
    }

    @Test(arguments: Kind.allCases, Credential.allCases)
    func aCredentialNeverReachesAnotherPort(kind: Kind, credential: Credential) async throws {
        #expect(try await client(kind, credential).send(Fetch(path: "/other")) == "landed GET")

        let first = try #require(origin.requests.first)
        #expect(credential.isCarried(by: first))
        let landed = try #require(landing.requests.last)
        #expect(landed.query?.contains("page=2") == true)
        #expect(!credential.isCarried(by: landed))
        #expect(landing.requests.count == 1)
    }

    @Test(arguments: Kind.allCases)
    func seeOtherTurnsAPostIntoAGetWithoutBody(kind: Kind) async throws {
        #expect(try await client(kind).send(Fetch(path: "/see-other", method: .post)) == "landed GET")

        let landed = try #require(landing.requests.last)
        #expect(landed.body.isEmpty)
        #expect(landed.header("Content-Type") == nil)
    }

    @Test(arguments: Kind.allCases)
    func movedTurnsAPostIntoAGetButTemporaryKeepsTheMethodAndBody(kind: Kind) async throws {
        #expect(try await client(kind).send(Fetch(path: "/moved", method: .post)) == "landed GET")
        #expect(try await client(kind).send(Fetch(path: "/temporary", method: .post)) == "landed POST")

        #expect(landing.requests.map(\.method) == ["GET", "POST"])
        #expect(landing.requests.last?.body == Data("form".utf8))
    }

    @Test(arguments: Kind.allCases)
    func tooManyRedirectsFail(kind: Kind) async throws {
        let error = await #expect(throws: TransportError.self) { try await client(kind, redirects: .follow(max: 3)).send(Fetch(path: "/loop")) }

        #expect(error?.kind == .invalidResponse)
        #expect(origin.requests.count == 4)
    }

    @Test(arguments: Kind.allCases)
    func withRedirectsOffTheRedirectIsTheAnswer(kind: Kind) async throws {
        let error = await #expect(throws: UnexpectedResponse.self) { try await client(kind, redirects: .never).send(Fetch(path: "/other")) }

        #expect(error?.response.status.code == 307)
        #expect(landing.requests.isEmpty)
    }
}
