import Foundation
@testable import StrategyKit
import TestServer
import Testing

/// Every redirect status, and every part of the origin that can change, takes every kind of
/// credential off the request that follows.
extension RedirectTests {
    /// A redirect status and the credential the redirected request set out with.
    struct Hop: CustomTestStringConvertible, Sendable {
        var status: Int
        var credential: Credential
        var testDescription: String { "\(status), \(credential.rawValue)" }
    }

    static let hops = [301, 302, 303, 307, 308].flatMap { status in Credential.allCases.map { Hop(status: status, credential: $0) } }

    @Test(arguments: Kind.allCases, hops)
    func noRedirectStatusTakesACredentialToAnotherPort(kind: Kind, hop: Hop) async throws {
        #expect(try await client(kind, hop.credential).send(Fetch(path: Endpoint.Path(stringLiteral: "/status/\(hop.status)"))) == "landed GET")

        let first = try #require(origin.requests.first)
        #expect(hop.credential.isCarried(by: first))
        #expect(landing.requests.count == 1)
        let landed = try #require(landing.requests.last)
        #expect(landed.query?.contains("page=2") == true)
        #expect(!hop.credential.isCarried(by: landed))
    }

    @Test(arguments: Kind.allCases, Credential.allCases)
    func aCredentialNeverReachesAnotherHostOnTheSamePort(kind: Kind, credential: Credential) async throws {
        #expect(try await client(kind, credential).send(Fetch(path: "/host")) == "landed GET")

        let requests = origin.requests
        #expect(requests.map(\.path) == ["/host", "/landing"])
        #expect(requests.first.map(credential.isCarried) == true)
        let landed = try #require(requests.last)
        #expect(landed.header("Host")?.hasPrefix("localhost:") == true)
        #expect(landed.query?.contains("page=2") == true)
        #expect(!credential.isCarried(by: landed))
    }

    /// The request `credential`'s authenticator makes of `url`, with a `Cookie` and a
    /// `Proxy-Authorization` of the caller's own, and the names of the credentials it added.
    static func authenticated(_ url: String, _ credential: Credential) async throws -> (HTTPRequest, Set<String>) {
        var plain = HTTPRequest(method: .get, url: URL(string: url)!)
        plain.headerFields[.cookie] = "jar=cookie-secret"
        plain.headerFields[.proxyAuthorization] = "Basic proxy-secret"
        let authenticated = try await credential.authenticator.authenticate(plain)
        return (authenticated, Credentials.added(from: plain, to: authenticated))
    }

    /// Redirects `request` by `status` to `target` with the request's query echoed, as the
    /// runtime's rule does.
    static func redirect(_ request: HTTPRequest, _ credentials: Set<String>, status: Int, to target: String) throws -> (HTTPRequest, Set<String>) {
        let query = request.url?.query.map { "?" + $0 } ?? ""
        let response = HTTPResponse(status: .init(code: status), headerFields: [.location: target + query])
        let next = try #require(Redirect.request(following: response, to: request, body: nil, credentials: credentials))
        return (next.0, next.2)
    }

    static func text(of request: HTTPRequest) -> String {
        (request.url?.absoluteString ?? "") + "\n" + request.headerFields.map { "\($0.name): \($0.value)" }.joined(separator: "\n")
    }

    @Test(arguments: Credential.allCases)
    func aSchemeChangeTakesEveryCredentialOff(credential: Credential) async throws {
        let (request, credentials) = try await Self.authenticated("http://api.example:8443/start?page=2", credential)
        #expect(credential.isCarried(in: Self.text(of: request)))

        for status in Redirect.statuses.sorted() {
            let (next, left) = try Self.redirect(request, credentials, status: status, to: "https://api.example:8443/landing")

            let text = Self.text(of: next)
            #expect(next.url?.scheme == "https")
            #expect(!credential.isCarried(in: text), "\(status)")
            #expect(!text.contains("cookie-secret") && !text.contains("proxy-secret"), "\(status)")
            #expect(next.url?.query == "page=2", "\(status)")
            #expect(left.isEmpty)
        }
    }

    @Test(arguments: Credential.allCases)
    func theSameSchemeHostAndPortKeepEveryCredential(credential: Credential) async throws {
        let (request, credentials) = try await Self.authenticated("https://api.example/start?page=2", credential)

        let (next, left) = try Self.redirect(request, credentials, status: 307, to: "https://API.example:443/landing")

        let text = Self.text(of: next)
        #expect(credential.isCarried(in: text))
        #expect(text.contains("cookie-secret") && text.contains("proxy-secret"))
        #expect(left == credentials)
    }
}
