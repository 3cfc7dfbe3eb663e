import Foundation
@_spi(Generated) import StrategyKit
import TestServer
import Testing

/// A UUID reaches the server in lower case wherever it goes (RFC 9562 writes UUIDs so, and
/// servers compare them as text), and a response's UUID in either case decodes.
@Suite struct UUIDOnTheWireTests {
    struct Send: Strategy {
        typealias Output = Void

        func endpoint(for input: Endpoint) -> Endpoint { input }
    }

    let server: HTTPTestServer
    let client: StrategyClient
    let id = UUID(uuidString: "F81D4FAE-7DEC-11D0-A765-00A0C91E6BF6")!
    let other = UUID(uuidString: "0E5F3B1A-2C4D-4E6F-8A9B-C0D1E2F3A4B5")!
    let lower = "f81d4fae-7dec-11d0-a765-00a0c91e6bf6"
    let otherLower = "0e5f3b1a-2c4d-4e6f-8a9b-c0d1e2f3a4b5"

    init() throws {
        server = try HTTPTestServer { _ in CannedResponse(status: 204) }
        client = StrategyClient(server: Server(scheme: "http", host: "127.0.0.1", port: server.port))
    }

    func send(_ endpoint: Endpoint) async throws -> RecordedRequest {
        try await client.send(Send(), endpoint)
        return try #require(server.requests.last)
    }

    /// A model as the generator writes one: coded field by field through `JSONKey`s.
    struct Session: Encodable {
        var kernel: UUID
        var previous: UUID?
        var peers: [UUID]
        var owners: [String: UUID]
        var started: Date
        var note: Nullable<UUID>

        func encode(to encoder: any Encoder) throws {
            var container = encoder.container(keyedBy: JSONKey.self)
            try container.encode(kernel, forKey: "kernel")
            try container.encodeIfPresent(previous, forKey: "previous")
            try container.encode(peers, forKey: "peers")
            try container.encode(owners, forKey: "owners")
            try container.encode(started, forKey: "started")
            try container.encode(note, forKey: "note")
        }
    }

    @Test func pathQueryHeaderAndCookieWriteLowerCase() async throws {
        let request = try await send(Endpoint(
            .get, "/kernels/\(id)/peers/\(Styled([id, other], .simple))",
            query: ["kernel": id, "peers": [id, other], "styled": Styled([id, other], .form, explode: true), "deep": DeepObject(["a": id])],
            headers: ["X-Kernel": id, "X-Peers": Styled([id, other], .simple)],
            cookies: ["kernel": id]
        ))

        #expect(request.path == "/kernels/\(lower)/peers/\(lower),\(otherLower)")
        #expect(request.query == "kernel=\(lower)&peers=\(lower)&peers=\(otherLower)&styled=\(lower)&styled=\(otherLower)&deep%5Ba%5D=\(lower)")
        #expect(request.header("X-Kernel") == lower)
        #expect(request.header("X-Peers") == "\(lower),\(otherLower)")
        #expect(request.header("Cookie") == "kernel=\(lower)")
    }

    @Test func formAndMultipartFieldsWriteLowerCase() async throws {
        struct Owner: Encodable { var id: UUID; var friends: [UUID] }

        let form = try await send(Endpoint(.post, "/sessions", body: .form(["kernel": id, "owner": DeepObject(Owner(id: id, friends: [other]))])))
        #expect(String(decoding: form.body, as: UTF8.self) == "kernel=\(lower)&owner%5Bfriends%5D%5B%5D=\(otherLower)&owner%5Bid%5D=\(lower)")

        let multipart = try await send(Endpoint(.post, "/sessions", body: .multipart([
            .field("kernel", id), try .json("owner", Owner(id: id, friends: [other])),
        ], boundary: "b")))
        let text = String(decoding: multipart.body, as: UTF8.self)
        #expect(text.contains("name=\"kernel\"\r\n\r\n\(lower)\r\n"))
        #expect(text.contains("\"id\":\"\(lower)\"") && text.contains("\"friends\":[\"\(otherLower)\"]"))
        #expect(!text.contains(id.uuidString) && !text.contains(other.uuidString))
    }

    @Test func jsonBodiesWriteLowerCaseAtEveryDepth() async throws {
        let session = Session(kernel: id, previous: other, peers: [id, other], owners: ["ada": other], started: Date(timeIntervalSince1970: 0), note: .value(id))
        let encoder = JSONEncoder()
        encoder.dateEncodingStrategy = .iso8601

        let request = try await send(Endpoint(.post, "/sessions", body: try .json(session, encoder: encoder)))

        let expected = #"{"kernel":"K","note":"K","owners":{"ada":"O"},"peers":["K","O"],"previous":"O","started":"1970-01-01T00:00:00Z"}"#
            .replacingOccurrences(of: "K", with: lower).replacingOccurrences(of: "O", with: otherLower)
        #expect(String(decoding: request.body, as: UTF8.self) == expected)
    }

    @Test func aBareUUIDOrListOfThemIsALowerCaseJSONBody() async throws {
        let single = try await send(Endpoint(.post, "/kernels", body: try .json(id)))
        #expect(String(decoding: single.body, as: UTF8.self) == "\"\(lower)\"")

        let list = try await send(Endpoint(.post, "/kernels", body: try .json([id, other])))
        #expect(String(decoding: list.body, as: UTF8.self) == "[\"\(lower)\",\"\(otherLower)\"]")

        let map = try await send(Endpoint(.post, "/kernels", body: try .json(["a": [id]])))
        #expect(String(decoding: map.body, as: UTF8.self) == "{\"a\":[\"\(lower)\"]}")

        let fields = try await send(Endpoint(.post, "/kernels", body: try .jsonObject { object in
            try object.encode(id, forKey: "id")
            try object.encodeIfPresent(Optional(other), forKey: "other")
        }))
        #expect(String(decoding: fields.body, as: UTF8.self) == "{\"id\":\"\(lower)\",\"other\":\"\(otherLower)\"}")
    }

    @Test func aJSONBodyKeepsTheEncodersWayWithDatesAndData() async throws {
        struct Stamp: Encodable { var at: Date; var bytes: Data; var dates: [Date] }
        let encoder = JSONEncoder()
        encoder.dateEncodingStrategy = .secondsSince1970

        let request = try await send(Endpoint(.post, "/stamps", body: try .json(Stamp(at: Date(timeIntervalSince1970: 5), bytes: Data([1, 2]), dates: [Date(timeIntervalSince1970: 6)]), encoder: encoder)))
        #expect(String(decoding: request.body, as: UTF8.self) == #"{"at":5,"bytes":"AQI=","dates":[6]}"#)

        let bare = try await send(Endpoint(.post, "/stamps", body: try .json(Date(timeIntervalSince1970: 7), encoder: encoder)))
        #expect(String(decoding: bare.body, as: UTF8.self) == "7")
    }

    @Test func eitherCaseDecodes() throws {
        let decoded = try JSONDecoder().decode([UUID].self, from: Data("[\"\(lower)\",\"\(other.uuidString)\"]".utf8))
        #expect(decoded == [id, other])
    }
}
