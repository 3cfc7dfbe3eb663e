import Foundation
import StrategyKit
import TestServer
import Testing

/// The client generated at build time from `specs/users.yaml`, against a real server on loopback.
@Suite struct UsersClientTests {
    let server: HTTPTestServer
    let client: UsersClient

    init() throws {
        server = try HTTPTestServer { request in
            switch request.path {
            case "/v1/users/42":
                .json(#"{"id": 42, "name": "Ada Lovelace", "email": null, "created_at": "1815-12-10"}"#)
            case "/v1/users/500":
                .json(#"{"message": "database unavailable"}"#, status: 500)
            case "/v1/users/503":
                .text("try later", status: 503)
            default:
                .json(#"{"message": "no such user"}"#, status: 404)
            }
        }
        let local = Server(scheme: "http", host: "127.0.0.1", port: server.port, basePath: "/v1")
        client = UsersClient(environment: .custom(local))
    }

    @Test func decodesTheUserTheServerSent() async throws {
        let user = try await client.getUser(id: 42, includePosts: true)

        #expect(user.id == 42)
        #expect(user.name == "Ada Lovelace")
        #expect(user.email == nil)
        #expect(user.createdAt == "1815-12-10")
        let request = try #require(server.requests.last)
        #expect(request.method == "GET")
        #expect(request.path == "/v1/users/42")
        #expect(request.query == "include_posts=true")
    }

    @Test func leavesAnOptionalQueryItemOutWhenItIsNil() async throws {
        _ = try await client.getUser(id: 42)

        let request = try #require(server.requests.last)
        #expect(request.target == "/v1/users/42")
    }

    @Test func throwsTheTypedErrorFor404() async throws {
        #expect(await failure(UsersError.self) {
            try await client.getUser(id: 7)
        }?.api == UsersError.notFound)
    }

    @Test func throwsTheTypedErrorFor500() async throws {
        #expect(await failure(UsersError.self) {
            try await client.getUser(id: 500)
        }?.api == UsersError.serverError)
    }

    @Test func keepsAnUndeclaredStatusAndItsBodyInTheUnknownCase() async throws {
        #expect(await failure(UsersError.self) {
            try await client.getUser(id: 503)
        }?.api == UsersError.unknown(statusCode: 503, body: Data("try later".utf8)))
    }

    @Test func strategyCanBeSentDirectlyThroughTheClient() async throws {
        let user = try await client.client.send(GetUser(), GetUser.Input(id: 42))

        #expect(user.name == "Ada Lovelace")
    }
}
