import Foundation
import StrategyKit
import Testing

@Suite struct RequestBuildingTests {
    enum Sort: String {
        case newestFirst = "newest-first"
    }

    let server = Server(scheme: "https", host: "api.example.com", basePath: "/v1/")

    @Test func interpolatedPathValuesCannotLeaveTheirSegment() {
        let path: Endpoint.Path = "/files/\("a/b?c#d e")/raw"

        #expect(path.encoded == "/files/a%2Fb%3Fc%23d%20e/raw")
    }

    @Test func dotSegmentsAreEncodedSoTheyAreNotResolved() {
        let up: Endpoint.Path = "/files/\("..")/secret"
        let here: Endpoint.Path = "/files/\(".")"

        #expect(up.encoded == "/files/%2E%2E/secret")
        #expect(here.encoded == "/files/%2E")
    }

    @Test func aValueInterpolatedAsSegmentsKeepsItsSlashesAndEncodesEachPart() {
        let path: Endpoint.Path = "/contents/\(segments: "docs/a b?/README.md")"
        let up: Endpoint.Path = "/contents/\(segments: "docs/../secret")"

        #expect(path.encoded == "/contents/docs/a%20b%3F/README.md")
        #expect(path.dotSegment == nil)
        #expect(up.dotSegment == "..")
    }

    @Test func rawRepresentableValuesUseTheirRawValue() {
        let path: Endpoint.Path = "/posts/\(Sort.newestFirst)/\(42)/\(true)"

        #expect(path.encoded == "/posts/newest-first/42/true")
    }

    @Test func aHandWrittenEndpointWritesEachValueAsItsText() throws {
        let id = UUID(uuidString: "E621E1F8-C36C-495A-93FC-0C247A3E6E5F")!
        let endpoint = Endpoint(
            .get, "/users/\(id)/\(segments: "a b/c")",
            query: ["open": true, "ratio": 0.5, "count": Int32(3), "name": Substring("ada"), "none": nil as Bool?],
            headers: ["X-Page": 2, "X-Missing": nil as Int?]
        )

        let (request, _) = try server.request(for: endpoint)

        #expect(request.path == "/v1/users/e621e1f8-c36c-495a-93fc-0c247a3e6e5f/a%20b/c?open=true&ratio=0.5&count=3&name=ada")
        #expect(request.headerFields[HTTPField.Name("X-Page")!] == "2")
        #expect(request.headerFields[HTTPField.Name("X-Missing")!] == nil)
    }

    @Test func aHandWrittenFormAndFieldWriteEachValueAsItsText() {
        let form = RequestBody.form(["n": 1, "ok": false, "note": "a&b", "skip": nil as String?])
        let field = RequestBody.Part.field("count", 7)

        #expect(String(decoding: form.data, as: UTF8.self) == "n=1&ok=false&note=a%26b")
        #expect(field.data == Data("7".utf8))
    }

    @Test func urlJoinsServerAndEndpointAndEncodesTheQuery() throws {
        let endpoint = Endpoint(.get, "/search", query: ["q": "a b+c&d=e", "page": 2, "since": nil as Int?])

        let url = try server.url(for: endpoint)

        #expect(url.absoluteString == "https://api.example.com/v1/search?q=a%20b%2Bc%26d%3De&page=2")
    }

    @Test func queryKeepsTheOrderItWasWrittenIn() throws {
        let endpoint = Endpoint(.get, "/", query: ["z": "1", "a": "2", "m": "3"])

        #expect(try server.url(for: endpoint).query == "z=1&a=2&m=3")
    }

    @Test func serverWithPortAndIPv6Host() throws {
        let local = Server(scheme: "http", host: "::1", port: 8080)

        #expect(try local.url(for: Endpoint(.get, "/ping")).absoluteString == "http://[::1]:8080/ping")
    }

    @Test func anEndpointsOwnContentTypeWinsWhateverItsCase() throws {
        let endpoint = Endpoint(.post, "/notes", headers: ["content-type": "text/plain", "Accept": "a", "accept": "b"], body: .data(Data("hi".utf8)))

        let (request, body) = try Server(host: "api.example.com").request(for: endpoint)

        #expect(request.headerFields[values: .contentType] == ["text/plain"])
        #expect(request.headerFields[values: .accept] == ["a", "b"])
        #expect(body == Data("hi".utf8))
    }
}

extension RequestBuildingTests {
    @Test(arguments: [
        (RequestBuildingError.dotSegment(".."), #"request not sent: the path segment ".." would climb up the path once URLs are normalised, even percent-encoded; pass the value as a single segment to have it encoded"#),
        (.dotSegment("."), #"request not sent: the path segment "." would be dropped from the path once URLs are normalised, even percent-encoded; pass the value as a single segment to have it encoded"#),
        (.invalidURL("ftp://files.example/a?key=secret"), #"request not sent: "ftp://files.example/a" (query left out) isn't a valid http or https URL with a host"#),
        (.invalidHeaderName("X Bad"), #"request not sent: the header name "X Bad" isn't an HTTP token (letters, digits and !#$%&'*+-.^_`|~ only)"#),
        (.invalidHeaderValue(name: "X-Note"), #"request not sent: the value of the header "X-Note" holds CR, LF or another control character, which could split the request"#),
        (.invalidMethod("GET\r\nX: y"), #"request not sent: the method "GET\r\nX: y" isn't an HTTP token (letters, digits and !#$%&'*+-.^_`|~ only), so it could split the request"#),
        (.invalidCookie(name: "session"), #"request not sent: the cookie "session" has a name that isn't an HTTP token, or a value holding a space, ", comma, semicolon, backslash, control character or non-ASCII character"#),
    ])
    func aRefusedRequestSaysWhatWasRefusedAndWhy(error: RequestBuildingError, description: String) {
        #expect("\(error)" == description)
    }

    @Test func aCallThatCouldNotBeBuiltDescribesTheRefusal() async throws {
        struct Read: Strategy {
            typealias Output = Data
            func endpoint(for path: String) -> Endpoint { Endpoint(.get, "/contents/\(segments: path)") }
            func output(from response: HTTPResponse, body: Data, decoder: JSONDecoder) throws -> Data { body }
        }
        let client = StrategyClient(server: server, transport: StubTransport([]))

        let error = await #expect(throws: RequestBuildingError.self) { try await client.send(Read(), "docs/../secret") }

        #expect(error.map { "\($0)" }?.hasPrefix(#"request not sent: the path segment ".." would climb up the path"#) == true)
    }
}
