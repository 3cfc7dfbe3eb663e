import Foundation
@_spi(Generated) import StrategyKit
import Testing

/// Free-form JSON is kept as it was read and written back unchanged; a three-state field
/// leaves its key out, writes `null`, or writes its value.
@Suite struct JSONValueTests {
    struct Change: Codable, Equatable {
        var milestone: Nullable<Int>

        init(milestone: Nullable<Int>) { self.milestone = milestone }

        init(from decoder: any Decoder) throws {
            milestone = try decoder.container(keyedBy: JSONKey.self).decode(Nullable<Int>.self, forKey: "milestone")
        }

        func encode(to encoder: any Encoder) throws {
            var container = encoder.container(keyedBy: JSONKey.self)
            try container.encode(milestone, forKey: "milestone")
        }
    }

    @Test func anyJSONReadsAndWritesBackTheSameValue() throws {
        let text = #"{"big":9007199254740993,"half":0.5,"flag":false,"none":null,"list":[1,"two",{"three":[]}],"text":"é"}"#

        let value = try JSONDecoder().decode(JSONValue.self, from: Data(text.utf8))
        let again = try JSONDecoder().decode(JSONValue.self, from: try JSONEncoder().encode(value))

        #expect(again == value)
        #expect(value["big"] == .integer(9_007_199_254_740_993))
        #expect(value["half"] == 0.5)
        #expect(value["flag"] == false)
        #expect(value["none"] == .null)
        #expect(value["list"]?[2]?["three"] == [])
        #expect(value["missing"] == nil)
        #expect(value["list"]?[9] == nil)
    }

    @Test func threeStatesAreThreeDifferentBodies() throws {
        let encoder = JSONEncoder()

        #expect(String(decoding: try encoder.encode(Change(milestone: .absent)), as: UTF8.self) == "{}")
        #expect(String(decoding: try encoder.encode(Change(milestone: .null)), as: UTF8.self) == #"{"milestone":null}"#)
        #expect(String(decoding: try encoder.encode(Change(milestone: .value(3))), as: UTF8.self) == #"{"milestone":3}"#)
    }

    struct Reschedule: Codable {
        var due: Nullable<Date>

        init(due: Nullable<Date>) { self.due = due }

        init(from decoder: any Decoder) throws {
            due = try decoder.container(keyedBy: JSONKey.self).decode(Nullable<Date>.self, forKey: "due", format: .secondsSince1970)
        }

        func encode(to encoder: any Encoder) throws {
            var container = encoder.container(keyedBy: JSONKey.self)
            try container.encode(due, forKey: "due", format: .secondsSince1970)
        }
    }

    @Test func aThreeStateDateKeepsItsFormat() throws {
        let encoder = JSONEncoder(), decoder = JSONDecoder()
        let date = Date(timeIntervalSince1970: 1_714_564_800)

        #expect(String(decoding: try encoder.encode(Reschedule(due: .value(date))), as: UTF8.self) == #"{"due":1714564800}"#)
        #expect(String(decoding: try encoder.encode(Reschedule(due: .null)), as: UTF8.self) == #"{"due":null}"#)
        #expect(try decoder.decode(Reschedule.self, from: Data(#"{"due":1714564800}"#.utf8)).due == .value(date))
        #expect(try decoder.decode(Reschedule.self, from: Data(#"{"due":null}"#.utf8)).due == .null)
        #expect(try decoder.decode(Reschedule.self, from: Data("{}".utf8)).due == .absent)
    }

    @Test func threeStatesAreReadBack() throws {
        let decoder = JSONDecoder()

        #expect(try decoder.decode(Change.self, from: Data("{}".utf8)).milestone == .absent)
        #expect(try decoder.decode(Change.self, from: Data(#"{"milestone":null}"#.utf8)).milestone == .null)
        #expect(try decoder.decode(Change.self, from: Data(#"{"milestone":3}"#.utf8)).milestone == .value(3))
    }
}
