import Foundation
import StrategyKit
import TestServer
import Testing

/// The client imported from the OpenAPI document `gateway.yaml`, on the wire: operations that
/// take any of several credentials send the one the caller gave, and only one; bodies the spec
/// format can't describe are still sent; a workflow is named by number or by file name; and an
/// error status whose bodies differ keeps its body.
@Suite struct GatewayClientTests {
    let server: HTTPTestServer

    init() throws {
        server = try HTTPTestServer { request in
            switch (request.method, request.path) {
            case ("GET", "/v2/firewalls"):
                return .json(#"["edge"]"#)
            case ("POST", "/v2/firewalls"):
                guard request.header("X-Key") == nil || request.query?.contains("app_id=") == true else {
                    return .json(#"{"message": "the key needs its app id"}"#, status: 422)
                }
                let sent = String(decoding: request.body, as: UTF8.self)
                return sent == "null" ? .text("<html>no such project</html>", status: 404) : CannedResponse(status: 202)
            case ("POST", "/v2/droplets/7/reboot"):
                return CannedResponse(status: 204)
            case ("POST", let path) where path.hasPrefix("/v2/workflows/"):
                return CannedResponse(status: 204)
            default:
                return CannedResponse(status: 500)
            }
        }
    }

    func client(_ configure: (GatewayClient.Builder) -> GatewayClient.Builder) -> GatewayClient {
        configure(GatewayClient.Builder(environment: .custom(server.server(basePath: "/v2")))).build()
    }

    @Test func aBearerTokenAloneIsSentWhereBasicOrBearerWillDo() async throws {
        let gateway = client { $0.bearerAuth(BearerTokenAuthenticator.Token(accessToken: "t0k")) }

        #expect(try await gateway.listFirewalls() == ["edge"])
        #expect(server.requests.last?.header("Authorization") == "Bearer t0k")
    }

    @Test func theFirstWayTheCallerGaveIsTheOnlyOneSent() async throws {
        let gateway = client {
            $0.basicAuth(username: "ada", password: "pw").bearerAuth(BearerTokenAuthenticator.Token(accessToken: "t0k"))
        }

        _ = try await gateway.listFirewalls()
        let basic = "Basic " + Data("ada:pw".utf8).base64EncodedString()
        #expect(server.requests.last?.headers.filter { $0.name.lowercased() == "authorization" }.map(\.value) == [basic])
    }

    @Test func schemesOfOneRequirementGoTogetherAndABodyWithoutATypeIsSent() async throws {
        let gateway = client { $0.apiKey("k1").appId("a1").bearerAuth(BearerTokenAuthenticator.Token(accessToken: "t0k")) }

        try await gateway.createFirewall(body: ["name": "edge", "inbound": ["22/tcp"]])
        let request = try #require(server.requests.last)
        #expect(request.header("X-Key") == "k1")
        #expect(request.queryItems.contains(URLQueryItem(name: "app_id", value: "a1")))
        #expect(request.header("Authorization") == nil)
        let sent = try JSONSerialization.jsonObject(with: request.body) as? [String: Any]
        #expect(sent?["name"] as? String == "edge")
        #expect(request.header("Content-Type")?.hasPrefix("application/json") == true)
    }

    @Test func aKeyWithoutItsPartnerFallsToTheNextWay() async throws {
        let gateway = client { $0.apiKey("k1").bearerAuth(BearerTokenAuthenticator.Token(accessToken: "t0k")) }

        try await gateway.createFirewall(body: ["name": "edge"])
        #expect(server.requests.last?.header("X-Key") == nil)
        #expect(server.requests.last?.header("Authorization") == "Bearer t0k")
    }

    @Test func aFreeFormObjectBodyIsSentWithTheKeysTheCallerGives() async throws {
        let gateway = client { $0.basicAuth(username: "ada") }

        try await gateway.rebootDroplet(id: 7, body: ["type": "power_cycle", "force": true])
        let request = try #require(server.requests.last)
        #expect(String(decoding: request.body, as: UTF8.self) == #"{"force":true,"type":"power_cycle"}"#)
        #expect(request.header("Authorization")?.hasPrefix("Basic ") == true)
    }

    @Test func aWorkflowIsNamedByNumberOrByFileNameAndGoesWithoutCredentialsWhenNoneAreGiven() async throws {
        let gateway = client { $0 }

        try await gateway.dispatchWorkflow(workflowId: "42", ref: "main")
        try await gateway.dispatchWorkflow(workflowId: "ci.yml", ref: "main")
        #expect(server.requests.map(\.path) == ["/v2/workflows/42/dispatches", "/v2/workflows/ci.yml/dispatches"])
        #expect(server.requests.allSatisfy { $0.header("Authorization") == nil })
        let sent = try JSONSerialization.jsonObject(with: server.requests[0].body) as? [String: Any]
        #expect(sent?["ref"] as? String == "main")
    }

    @Test func anErrorStatusWhoseBodiesDifferKeepsTheBodyAsItCame() async throws {
        let gateway = client { $0.bearerAuth(BearerTokenAuthenticator.Token(accessToken: "t0k")) }

        let error = await failure(GatewayError.self) { try await gateway.createFirewall(body: .null) }
        guard case .notFound(let payload, let body)? = error?.api else {
            Issue.record("expected notFound, got \(String(describing: error))")
            return
        }
        #expect(payload == nil)
        #expect(String(decoding: body, as: UTF8.self) == "<html>no such project</html>")
    }
}
