import AsyncHTTPClient
import Foundation
import StrategyKit
@testable import StrategyKitAsyncHTTPClient
import TestServer
import Testing

/// An `HTTPClient` the caller made keeps the client's redirect rule: one that would follow
/// redirects by its own rule is refused before a request goes out.
extension RedirectTests {
    static func httpClient(following: Bool) -> HTTPClient {
        var configuration = HTTPClient.Configuration()
        configuration.redirectConfiguration = following ? .follow(max: 5, allowCycles: false) : .disallow
        return HTTPClient(eventLoopGroup: HTTPClient.defaultEventLoopGroup, configuration: configuration)
    }

    func client(on transport: AsyncHTTPClientTransport, _ credential: Credential) -> StrategyClient {
        StrategyClient(
            server: origin.server(),
            transport: transport,
            middlewares: [.authentication(credential.authenticator)],
            limits: StrategyClient.Limits(timeout: unhurriedTimeout)
        )
    }

    @Test(arguments: Credential.allCases)
    func aCallersClientThatFollowsRedirectsIsRefusedBeforeSending(credential: Credential) async throws {
        let http = Self.httpClient(following: true)
        defer { _ = http.shutdown() }
        let client = client(on: AsyncHTTPClientTransport(client: http), credential)

        let error = await #expect(throws: TransportError.self) { try await client.send(Fetch(path: "/other")) }

        #expect(error?.kind == .invalidResponse)
        #expect(error?.detail.contains("redirectConfiguration: .disallow") == true)
        #expect(landing.requests.isEmpty)
        #expect(origin.requests.isEmpty)
    }

    @Test(arguments: Credential.allCases)
    func aCallersClientThatDisallowsRedirectsFollowsTheClientsRule(credential: Credential) async throws {
        let http = Self.httpClient(following: false)
        defer { _ = http.shutdown() }

        #expect(try await client(on: AsyncHTTPClientTransport(client: http), credential).send(Fetch(path: "/other")) == "landed GET")

        #expect(origin.requests.count == 1)
        let landed = try #require(landing.requests.last)
        #expect(!credential.isCarried(by: landed))
    }

    @Test func aCallersClientsRedirectConfigurationIsReadable() throws {
        let following = Self.httpClient(following: true)
        let disallowing = Self.httpClient(following: false)
        defer {
            _ = following.shutdown()
            _ = disallowing.shutdown()
        }

        // Were AsyncHTTPClient to hide it, only the check after the response would be left.
        #expect(RedirectGuard.followsRedirects(following) == true)
        #expect(RedirectGuard.followsRedirects(disallowing) == false)
    }

    @Test func aCallersClientsConfigurationIsReadOnceWhenTheTransportIsMade() throws {
        let following = Self.httpClient(following: true)
        let disallowing = Self.httpClient(following: false)
        defer {
            _ = following.shutdown()
            _ = disallowing.shutdown()
        }

        // Known before any request: no send reads the configuration again.
        #expect(AsyncHTTPClientTransport(client: following).refusesClient)
        #expect(!AsyncHTTPClientTransport(client: disallowing).refusesClient)
        #expect(!AsyncHTTPClientTransport().refusesClient)
        #expect(!AsyncHTTPClientTransport(client: following, checksRedirectConfiguration: false).refusesClient)
    }

    @Test func aResponseTheCallersClientReachedByRedirectIsRefused() async throws {
        let http = Self.httpClient(following: true)
        defer { _ = http.shutdown() }
        let transport = AsyncHTTPClientTransport(client: http, checksRedirectConfiguration: false)
        let request = HTTPRequest(method: .get, url: URL(string: "http://127.0.0.1:\(origin.port)/other")!)

        let error = await #expect(throws: TransportError.self) { try await transport.send(request) }

        #expect(error?.kind == .invalidResponse)
        #expect(error?.detail.contains("followed 1 redirect") == true)
    }
}
