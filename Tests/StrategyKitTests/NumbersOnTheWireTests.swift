import Foundation
@_spi(Generated) import StrategyKit
import TestServer
import Testing

/// A `Double` or a `Float` reaches the server in plain decimal wherever it goes as text (a path,
/// a query, a header, a cookie, a form, a multipart field): `100`, not `100.0`; `0.00001`, not
/// `1e-05`. Servers that read an integer or a decimal refuse Swift's own spelling.
@Suite struct NumbersOnTheWireTests {
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

    func send(_ endpoint: Endpoint) async throws -> RecordedRequest {
        try await client.send(Send(), endpoint)
        return try #require(server.requests.last)
    }

    /// Each number and its text: no exponent, no trailing `.0`, the shortest digits that read
    /// back as the same number.
    static let numbers: [(Double, String)] = [
        (100.0, "100"),
        (0.00001, "0.00001"),
        (1e-7, "0.0000001"),
        (123456789012.5, "123456789012.5"),
        (-0.5, "-0.5"),
        (1e21, "1000000000000000000000"),
        (1.5e20, "150000000000000000000"),
        (-2.5e-8, "-0.000000025"),
        (0.1, "0.1"),
        (1.0 / 3.0, "0.3333333333333333"),
        (0, "0"),
    ]

    static var texts: String { numbers.map(\.1).joined(separator: ",") }

    @Test(arguments: numbers)
    func aDoubleIsWrittenInPlainDecimal(number: Double, text: String) async throws {
        let request = try await send(Endpoint(
            .get, "/prices/\(number)",
            query: ["amount": number],
            headers: ["X-Amount": number],
            cookies: ["amount": number]
        ))

        #expect(request.path == "/prices/\(text)")
        #expect(request.query == "amount=\(text)")
        #expect(request.header("X-Amount") == text)
        #expect(request.header("Cookie") == "amount=\(text)")
    }

    /// The query, header and cookie values generated code passes: lists, optionals, enums and
    /// styled values among them.
    @Test func theValuesGeneratedCodeWritesAreInPlainDecimal() async throws {
        enum Rate: Double, ParameterValue { case low = 0.00001 }
        let values = Self.numbers.map(\.0)
        let optional: Double? = 1e21

        let request = try await send(Endpoint(
            .get, "/rates/\(Rate.low)/\(Styled(values, .simple))",
            query: ["value": values, "optional": optional, "rate": Rate.low, "styled": Styled(values, .pipeDelimited)],
            headers: ["X-Values": Styled(values, .simple)],
            cookies: ["values": Styled(values, .form)]
        ))

        let pipes = Self.numbers.map(\.1).joined(separator: "%7C")
        #expect(request.path == "/rates/0.00001/\(Self.texts)")
        #expect(request.query == Self.numbers.map { "value=\($0.1)" }.joined(separator: "&") + "&optional=1000000000000000000000&rate=0.00001&styled=\(pipes)")
        #expect(request.header("X-Values") == Self.texts)
        #expect(request.header("Cookie") == "values=" + Self.numbers.map(\.1).joined(separator: "%2C"))
    }

    @Test func aFormAMultipartFieldAndADeepObjectWriteInPlainDecimal() async throws {
        struct Filter: Encodable, Sendable { var min: Double; var max: Float; var steps: [Double] }
        let filter = Filter(min: 1e-7, max: 100, steps: [0.00001, 1e21])

        let form = try await send(Endpoint(.post, "/search", body: .form(["amount": 100.0, "rate": -0.5])))
        let generated = try await send(Endpoint(.post, "/search", body: .form(["amount": 123456789012.5, "filter": DeepObject(filter)])))
        let multipart = try await send(Endpoint(.post, "/search", body: .multipart([.field("amount", 1e-7), .field("rate", Float(0.00001))], boundary: "b")))
        let query = try await send(Endpoint(.get, "/search", query: ["filter": DeepObject(filter)]))

        #expect(String(decoding: form.body, as: UTF8.self) == "amount=100&rate=-0.5")
        #expect(String(decoding: generated.body, as: UTF8.self).removingPercentEncoding
            == "amount=123456789012.5&filter[max]=100&filter[min]=0.0000001&filter[steps][]=0.00001&filter[steps][]=1000000000000000000000")
        #expect(query.query?.removingPercentEncoding
            == "filter[max]=100&filter[min]=0.0000001&filter[steps][]=0.00001&filter[steps][]=1000000000000000000000")
        let text = String(decoding: multipart.body, as: UTF8.self)
        #expect(text.contains("name=\"amount\"\r\n\r\n0.0000001\r\n"))
        #expect(text.contains("name=\"rate\"\r\n\r\n0.00001\r\n"))
    }

    /// A `Float` has digits of its own: `Float(0.1)` is `0.1`, not the `Double` it widens to.
    @Test func aFloatKeepsItsOwnShortestDigits() throws {
        let values: [Float] = [0.1, 100, 0.00001, 1.5e20, -0.5]
        let endpoint = Endpoint(.get, "/", query: ["f": values])

        #expect(try Server(host: "api.example.com").url(for: endpoint).query
            == "f=0.1&f=100&f=0.00001&f=150000000000000000000&f=-0.5")
    }

    /// A value that isn't a finite number has no decimal form: it is written as most languages'
    /// number parsers read it back.
    @Test func notANumberAndTheInfinitiesAreWrittenAsNumberParsersReadThem() throws {
        let endpoint = Endpoint(.get, "/", query: ["nan": Double.nan, "up": Double.infinity, "down": -Float.infinity, "zero": -0.0])

        #expect(try Server(host: "api.example.com").url(for: endpoint).query == "nan=NaN&up=Infinity&down=-Infinity&zero=-0")
    }
}
