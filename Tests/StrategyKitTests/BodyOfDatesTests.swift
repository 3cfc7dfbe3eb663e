import Foundation
@_spi(Generated) import StrategyKit
import Testing

/// A body that is dates is read in the document's format, whatever the client decoder's date
/// strategy.
@Suite struct BodyOfDatesTests {
    let day = Date(timeIntervalSince1970: 1_700_000_000)

    @Test func aMapOfDatesIsReadInItsFormat() throws {
        let body = Data(#"{"a": "2023-11-14T22:13:20Z", "b": "2023-11-14T22:13:20.000Z"}"#.utf8)

        let dates = try JSONDecoder().decode([String: Date].self, from: body, at: nil, dates: .iso8601)

        #expect(dates == ["a": day, "b": day])
    }

    @Test func aListOfDatesAtAPathIsReadInItsFormat() throws {
        let body = Data(#"{"data": {"stamps": [1700000000000, null]}}"#.utf8)

        let dates = try JSONDecoder().decode([Date?].self, from: body, at: "data.stamps", dates: .millisecondsSince1970)

        #expect(dates == [day, nil])
    }

    @Test func aDateNotInTheFormatSaysSo() {
        let body = Data(#""14 November 2023""#.utf8)

        #expect {
            try JSONDecoder().decode(Date.self, from: body, at: nil, dates: .iso8601)
        } throws: { error in
            "\(error)".contains("'14 November 2023' is not a date in the format")
        }
    }
}
