import Foundation
import HTTPTypes
@_spi(Generated) import StrategyKit
import Testing

/// A response header the API documents as required is read as a value, and its absence fails
/// the call as a missing JSON field would; an optional one that is missing is `nil`.
@Suite struct RequiredHeaderTests {
    let fields: HTTPFields = [HTTPField.Name("X-Rate-Limit")!: " 41 ", HTTPField.Name("X-Request-Id")!: "abc"]

    @Test func aRequiredHeaderReadsAsItsType() throws {
        #expect(try fields.required("X-Rate-Limit", as: Int.self) == 41)
        #expect(try fields.required("X-Request-Id") == "abc")
        #expect(fields.value("X-Cache") == nil)
    }

    @Test func aMissingOrUnreadableRequiredHeaderThrows() {
        #expect(throws: DecodingError.self) { try fields.required("X-Cache") }
        #expect(throws: DecodingError.self) { try fields.required("X-Request-Id", as: Int.self) }
    }

    @Test func aStubRouteAnswersWithItsHeaders() async throws {
        struct Ping: Strategy {
            typealias Output = String
            func endpoint(for input: Void) -> Endpoint { Endpoint(.get, "/ping") }
            func output(from response: HTTPResponse, body: Data, decoder: JSONDecoder) throws -> String {
                try response.headerFields.required("X-Version")
            }
        }
        let client = StrategyClient(server: Server(scheme: "http", host: "localhost"), transport: StubTransport([
            .init(.get, "/ping", json: "{}", headers: ["X-Version": "7", "not a name": "x"]),
        ]))

        #expect(try await client.send(Ping(), ()) == "7")
    }
}
