import Foundation
import StrategyKit
import Testing

@Suite struct RequestBuildingTests {
    enum Sort: String, ParameterValue {
        case newestFirst = "newest-first"
    }

    let server = Server(scheme: "https", host: "api.example.com", basePath: "/v1/")

    @Test func interpolatedPathValuesCannotLeaveTheirSegment() {
        let path: RequestPath = "/files/\("a/b?c#d e")/raw"

        #expect(path.encoded == "/files/a%2Fb%3Fc%23d%20e/raw")
    }

    @Test func dotSegmentsAreEncodedSoTheyAreNotResolved() {
        let up: RequestPath = "/files/\("..")/secret"
        let here: RequestPath = "/files/\(".")"

        #expect(up.encoded == "/files/%2E%2E/secret")
        #expect(here.encoded == "/files/%2E")
    }

    @Test func aValueInterpolatedAsSegmentsKeepsItsSlashesAndEncodesEachPart() {
        let path: RequestPath = "/contents/\(segments: "docs/a b?/README.md")"
        let up: RequestPath = "/contents/\(segments: "docs/../secret")"

        #expect(path.encoded == "/contents/docs/a%20b%3F/README.md")
        #expect(path.dotSegment == nil)
        #expect(up.dotSegment == "..")
    }

    @Test func rawRepresentableValuesUseTheirRawValue() {
        let path: RequestPath = "/posts/\(Sort.newestFirst)/\(42)/\(true)"

        #expect(path.encoded == "/posts/newest-first/42/true")
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
