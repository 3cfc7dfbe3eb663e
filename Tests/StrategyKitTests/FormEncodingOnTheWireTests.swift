import Foundation
@_spi(Generated) import StrategyKit
import TestServer
import Testing

/// A form body as the server reads it, each field written as its encoding says: the fields of
/// `Tests/Goldens/fragments/openapi/form-encoding-styles`, built as the generated code builds them.
@Suite struct FormEncodingOnTheWireTests {
    struct Send: Strategy {
        typealias Output = Void

        func endpoint(for input: Endpoint) -> Endpoint { input }
    }

    struct Point: Encodable, Sendable { var x: Int; var y: Int }
    struct Address: Encodable, Sendable { var city: String; var zip: String? }

    let server: HTTPTestServer
    let client: StrategyClient

    init() throws {
        server = try HTTPTestServer { _ in CannedResponse(status: 204) }
        client = StrategyClient(server: Server(scheme: "http", host: "127.0.0.1", port: server.port))
    }

    /// The body's items, percent-decoded, in order.
    func items(_ body: RequestBody) async throws -> [String] {
        try await client.send(Send(), Endpoint(.post, "/customers", body: body))
        let text = String(decoding: try #require(server.requests.last).body, as: UTF8.self)
        return text.split(separator: "&").map { $0.removingPercentEncoding ?? String($0) }
    }

    @Test func eachFieldArrivesInItsStyle() async throws {
        let expand: [String]? = ["customer", "invoice"]
        let ids: [Int]? = [1, 2]
        let labels: [String]? = ["a", "b"]
        let point: Point? = Point(x: 1, y: 2)

        let sent = try await items(.form([
            "expand": ArrayStyled(expand, .brackets),
            "metadata": ["order": "6735"] as [String: String]?,
            "tags": ["x", "y"] as [String]?,
            "ids": ArrayStyled(ids, .commaSeparated),
            "labels": Styled(labels, .pipeDelimited),
            "point": Styled(point, .form, explode: true),
            "corner": Styled(point, .form),
        ]))

        #expect(sent == [
            "expand[]=customer", "expand[]=invoice", "metadata[order]=6735", "tags=x", "tags=y",
            "ids=1,2", "labels=a|b", "x=1", "y=2", "corner=x,1,y,2",
        ])
    }

    @Test func anObjectWithoutAStyleArrivesAsItsJSONText() async throws {
        let id = UUID(uuidString: "F81D4FAE-7DEC-11D0-A765-00A0C91E6BF6")!
        struct Owner: Encodable, Sendable { var id: UUID }

        let sent = try await items(.form([
            "address": JSONText(Address(city: "Paris", zip: "75001")),
            "lines": JSONText([Address(city: "Oslo", zip: nil), Address(city: "Rome", zip: "00100")]),
            "owner": JSONText(Owner(id: id)),
            "none": JSONText(nil as Address?),
        ]))

        #expect(sent == [
            #"address={"city":"Paris","zip":"75001"}"#,
            #"lines={"city":"Oslo"}"#, #"lines={"city":"Rome","zip":"00100"}"#,
            #"owner={"id":"f81d4fae-7dec-11d0-a765-00a0c91e6bf6"}"#,
        ])
    }

    @Test func aParameterWhoseContentIsJSONArrivesAsTheWholeValuesText() async throws {
        let filters = [Address(city: "Oslo", zip: nil), Address(city: "Rome", zip: "00100")]
        let none: [Address]? = nil

        try await client.send(Send(), Endpoint(
            .get, "/pets",
            query: ["filters": JSONText(whole: filters), "none": JSONText(whole: none)],
            headers: ["X-Extra": JSONText(whole: Address(city: "Paris", zip: nil))]
        ))

        let request = try #require(server.requests.last)
        #expect(request.query("filters") == #"[{"city":"Oslo"},{"city":"Rome","zip":"00100"}]"#)
        #expect(request.target.contains("none") == false)
        #expect(request.header("X-Extra") == #"{"city":"Paris"}"#)
    }
}
