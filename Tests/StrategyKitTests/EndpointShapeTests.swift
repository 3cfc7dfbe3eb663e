import Foundation
@_spi(Generated) import StrategyKit
import Testing

/// Generated requests take one of a few shapes (a path alone, with a query, with a body, with
/// both), and each shape has an initializer of its own that takes no default arguments. Each must
/// make the endpoint the general initializer makes from the same values.
@Suite struct EndpointShapeTests {
    let server = Server(host: "api.example.com", basePath: "/v1")
    let body = RequestBody.data(Data("{\"name\":\"Rex\"}".utf8), contentType: "application/json")

    /// Everything an endpoint sends, for comparing two endpoints.
    func sent(_ endpoint: Endpoint) throws -> [String] {
        let headers = endpoint.headers.map { "\($0.name): \($0.value)" }
        let cookies = endpoint.cookies.map { "\($0.name)=\($0.value)" }
        return [
            endpoint.method,
            try server.url(for: endpoint).absoluteString,
            endpoint.body.map { String(describing: $0) } ?? "no body",
            "\(endpoint.timeout as Any) \(endpoint.connectTimeout as Any) \(endpoint.maximumResponseBytes as Any)",
            endpoint.retry == nil ? "no retry" : "retry",
        ] + headers + cookies
    }

    @Test func aPathAloneIsTheGeneralEndpointWithNothingElse() throws {
        let id = 42
        let lean = Endpoint(.delete, "/pets/\(id)")
        let general = Endpoint(.delete, "/pets/\(id)", headers: [:])

        #expect(try sent(lean) == sent(general))
        #expect(try server.url(for: lean).absoluteString == "https://api.example.com/v1/pets/42")
        #expect(lean.query.isEmpty && lean.headers.isEmpty && lean.cookies.isEmpty && lean.body == nil)
    }

    @Test func aBodyIsSentAsTheGeneralEndpointSendsIt() throws {
        let lean = Endpoint(.post, "/pets", body: body)
        let general = Endpoint(.post, "/pets", headers: [:], body: body)

        #expect(try sent(lean) == sent(general))
        #expect(lean.body == body)
        #expect(Endpoint(.post, "/pets", body: nil).body == nil)
    }

    @Test func aQueryOfTextKeepsItsOrderAndLeavesOutNil() throws {
        let name: String? = "a b"
        let missing: Int? = nil
        let lean = Endpoint(.get, "/pets", query: ["limit": 10, "missing": missing, "name": name, "tame": true])
        let general = Endpoint(.get, "/pets", query: ["limit": 10, "missing": missing, "name": name, "tame": true], headers: [:])

        #expect(try sent(lean) == sent(general))
        #expect(try server.url(for: lean).query == "limit=10&name=a%20b&tame=true")
    }

    @Test func aQueryOfGeneratedValuesIsWrittenInTheDefaultEncoding() throws {
        let tags: [String]? = ["a", "b"]
        let date = Date(timeIntervalSince1970: 1_714_564_800)
        let lean = Endpoint(.get, "/pets", query: ["tag": tags, "since": date])
        let general = Endpoint(.get, "/pets", query: ["tag": tags, "since": date], queryEncoding: QueryEncoding())

        #expect(try sent(lean) == sent(general))
        let query = try server.url(for: lean).query
        #expect(query == "tag=a&tag=b&since=2024-05-01T12%3A00%3A00Z")
    }

    @Test func aQueryAndABodyGoTogether() throws {
        let textLean = Endpoint(.put, "/pets/1", query: ["dryRun": true], body: body)
        let textGeneral = Endpoint(.put, "/pets/1", query: ["dryRun": true], headers: [:], body: body)
        let valuesLean = Endpoint(.put, "/pets/1", query: ["tag": ["x", "y"]], body: body)
        let valuesGeneral = Endpoint(.put, "/pets/1", query: ["tag": ["x", "y"]], queryEncoding: QueryEncoding(), body: body)

        #expect(try sent(textLean) == sent(textGeneral))
        #expect(try sent(valuesLean) == sent(valuesGeneral))
        #expect(try server.url(for: valuesLean).query == "tag=x&tag=y")
        #expect(valuesLean.body == body)
    }
}
