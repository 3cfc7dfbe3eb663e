import Foundation
@_spi(Generated) import StrategyKit
import Testing

@Suite struct QueryEncodingTests {
    let server = Server(host: "api.example.com")
    let date = Date(timeIntervalSince1970: 1_714_564_800.25)

    func query(_ endpoint: Endpoint) throws -> String? {
        try server.url(for: endpoint).query
    }

    @Test func arraysAreRepeatedByDefault() throws {
        #expect(try query(Endpoint(.get, "/", query: ["id": [1, 2, 3]])) == "id=1&id=2&id=3")
    }

    @Test func arraysCanBeCommaSeparatedOrBracketed() throws {
        let comma = Endpoint(.get, "/", query: ["id": [1, 2]], queryEncoding: QueryEncoding(arrays: .commaSeparated))
        let brackets = Endpoint(.get, "/", query: ["id": ["a b", "c"]], queryEncoding: QueryEncoding(arrays: .brackets))

        #expect(try query(comma) == "id=1%2C2")
        #expect(try query(brackets) == "id%5B%5D=a%20b&id%5B%5D=c")
    }

    @Test func oneListKeepsItsOwnStyleBesideTheEncodingsStyle() throws {
        let mixed = Endpoint(
            .get, "/",
            query: ["fields": ArrayStyled(["id", "name"], .commaSeparated), "tag": ["a", "b"], "none": ArrayStyled([String]?.none, .brackets)],
            queryEncoding: QueryEncoding(arrays: .brackets, bools: .digit)
        )
        let flags = Endpoint(.get, "/", query: ["flags": ArrayStyled([true, false], .repeated)], queryEncoding: QueryEncoding(arrays: .commaSeparated, bools: .digit))

        #expect(try query(mixed) == "fields=id%2Cname&tag%5B%5D=a&tag%5B%5D=b")
        #expect(try query(flags) == "flags=1&flags=0")
    }

    @Test func emptyArrayAddsNothing() throws {
        #expect(try query(Endpoint(.get, "/", query: ["id": [Int]()])) == nil)
    }

    @Test func boolsAreWordsOrDigits() throws {
        #expect(try query(Endpoint(.get, "/", query: ["a": true, "b": false])) == "a=true&b=false")
        #expect(try query(Endpoint(.get, "/", query: ["a": true], queryEncoding: QueryEncoding(bools: .digit))) == "a=1")
    }

    @Test(arguments: [
        (DateFormat.iso8601, "2024-05-01T12%3A00%3A00Z"),
        (.iso8601WithFractionalSeconds, "2024-05-01T12%3A00%3A00.250Z"),
        (.secondsSince1970, "1714564800"),
        (.millisecondsSince1970, "1714564800250"),
        (.pattern("yyyy-MM-dd"), "2024-05-01"),
    ])
    func datesUseTheDeclaredStyle(style: DateFormat, expected: String) throws {
        let endpoint = Endpoint(.get, "/", query: ["since": date], queryEncoding: QueryEncoding(dates: style))

        #expect(try query(endpoint) == "since=\(expected)")
    }

    @Test func optionalValuesAreLeftOutWhenNil() throws {
        let missing: Date? = nil
        let present: [String]? = ["x"]

        #expect(try query(Endpoint(.get, "/", query: ["since": missing, "tags": present])) == "tags=x")
    }
}
