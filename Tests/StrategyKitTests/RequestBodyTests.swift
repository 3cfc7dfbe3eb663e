import Foundation
@_spi(Generated) import StrategyKit
import TestServer
import Testing

/// Bodies and headers as a real server receives them.
@Suite struct RequestBodyTests {
    /// Sends whatever endpoint it is given.
    struct Send: Strategy {
        typealias Output = Void

        func endpoint(for input: Endpoint) -> Endpoint { input }
    }

    let server: HTTPTestServer
    let client: StrategyClient

    init() throws {
        server = try HTTPTestServer { _ in CannedResponse(status: 204) }
        client = StrategyClient(server: Server(scheme: "http", host: "127.0.0.1", port: server.port))
    }

    @Test func jsonBodyArrivesWithItsContentType() async throws {
        struct Note: Codable, Equatable { var title: String; var tags: [String] }

        try await client.send(Send(), Endpoint(.post, "/notes", body: try .json(Note(title: "a \"quoted\" title", tags: ["x"]))))

        let request = try #require(server.requests.last)
        #expect(request.header("Content-Type") == "application/json")
        #expect(try JSONDecoder().decode(Note.self, from: request.body) == Note(title: "a \"quoted\" title", tags: ["x"]))
    }

    @Test func formBodyIsPercentEncoded() async throws {
        let body = RequestBody.form(["name": "Ada Lovelace", "math": "1+1=2&more", "skip": nil as String?, "tags": ["a", "b"]])

        try await client.send(Send(), Endpoint(.post, "/form", body: body))

        let request = try #require(server.requests.last)
        #expect(request.header("Content-Type") == "application/x-www-form-urlencoded")
        #expect(String(decoding: request.body, as: UTF8.self) == "name=Ada%20Lovelace&math=1%2B1%3D2%26more&tags=a&tags=b")
    }

    @Test func multipartBodyCarriesFieldsAndFiles() async throws {
        let image = Data((0..<256).map { UInt8($0) })
        let body = RequestBody.multipart([
            .field("caption", "A \"cat\""),
            .file("photo", filename: "cat.png", contentType: "image/png", data: image),
        ], boundary: "BOUNDARY")

        try await client.send(Send(), Endpoint(.post, "/upload", body: body))

        let request = try #require(server.requests.last)
        #expect(request.header("Content-Type") == "multipart/form-data; boundary=BOUNDARY")
        let parts = MultipartReader.parts(of: request.body, boundary: "BOUNDARY")
        #expect(parts.count == 2)
        #expect(parts.first?.headers == [#"Content-Disposition: form-data; name="caption""#])
        #expect(parts.first?.body == Data(#"A "cat""#.utf8))
        #expect(parts.last?.headers == [#"Content-Disposition: form-data; name="photo"; filename="cat.png""#, "Content-Type: image/png"])
        #expect(parts.last?.body == image)
    }

    @Test func rawBodyAndAnExplicitContentTypeWin() async throws {
        let endpoint = Endpoint(.put, "/raw", headers: ["Content-Type": "text/csv"], body: .data(Data("a,b\n1,2\n".utf8)))

        try await client.send(Send(), endpoint)

        let request = try #require(server.requests.last)
        #expect(request.method == "PUT")
        #expect(request.header("Content-Type") == "text/csv")
        #expect(request.body == Data("a,b\n1,2\n".utf8))
    }

    @Test(arguments: ["evil\r\nX-Injected: 1", "evil\nX-Injected: 1", "nul\u{0}"])
    func headerValueWithControlCharactersIsRejectedAndNothingIsSent(value: String) async throws {
        let endpoint = Endpoint(.get, "/headers", headers: ["X-Note": value])

        await #expect(throws: RequestBuildingError.invalidHeaderValue(name: "X-Note")) {
            try await client.send(Send(), endpoint)
        }
        #expect(server.requests.isEmpty)
    }

    @Test func headerNameThatIsNotATokenIsRejected() async throws {
        await #expect(throws: RequestBuildingError.invalidHeaderName("Bad Name")) {
            try await client.send(Send(), Endpoint(.get, "/", headers: ["Bad Name": "x"]))
        }
        #expect(server.requests.isEmpty)
    }

    @Test func pathValuesStayInTheirSegmentOnTheWire() async throws {
        try await client.send(Send(), Endpoint(.get, "/files/\("../etc/passwd?x=1#top")/meta"))

        #expect(server.requests.last?.target == "/files/..%2Fetc%2Fpasswd%3Fx%3D1%23top/meta")
    }
}

/// Splits a multipart body into its parts' header lines and bodies.
enum MultipartReader {
    static func parts(of body: Data, boundary: String) -> [(headers: [String], body: Data)] {
        let delimiter = Data("--\(boundary)".utf8)
        var parts: [(headers: [String], body: Data)] = []
        var chunks: [Data] = []
        var rest = body[...]
        while let range = rest.firstRange(of: delimiter) {
            chunks.append(Data(rest[..<range.lowerBound]))
            rest = rest[range.upperBound...]
        }
        for chunk in chunks.dropFirst() {
            guard let split = chunk.firstRange(of: Data("\r\n\r\n".utf8)) else { continue }
            let head = String(decoding: chunk[chunk.startIndex..<split.lowerBound], as: UTF8.self)
            let headers = head.components(separatedBy: "\r\n").filter { !$0.isEmpty }
            var content = Data(chunk[split.upperBound...])
            if content.suffix(2) == Data("\r\n".utf8) { content.removeLast(2) }
            parts.append((headers, content))
        }
        return parts
    }
}
