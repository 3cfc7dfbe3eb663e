import Foundation
@testable import StrategyGenerator
import Testing

/// JSON documents are read as JSON, into the located nodes YAML gives, with a diagnostic at the
/// place a document stops being JSON.
@Suite struct JSONDocumentTests {
    private func parse(_ text: String) throws -> YAMLNode {
        let root = try JSONDocument.parse(text, file: "doc.json").get()
        return try #require(root)
    }

    private func error(_ text: String) -> String? {
        guard case .failure(let error) = JSONDocument.parse(text, file: "doc.json") else { return nil }
        return error.diagnostics.map(\.description).joined(separator: "\n")
    }

    @Test func valuesAreTypedAsInYAMLAndKeepTheirOrder() throws {
        let root = try parse(#"{"b": [1, -2.5e3, true, null], "a": "1", "c": {}}"#)

        #expect(root.value == .object(["b", "a", "c"], [
            "b": .array([.int(1), .double(-2500), .bool(true), .null]),
            "a": .string("1"),
            "c": .object([], [:]),
        ]))
    }

    @Test func everyNodeKnowsItsLineAndByteColumn() throws {
        let root = try parse("{\n  \"café\": \"é\", \"n\": [\n    7\n  ]\n}")
        guard case .mapping(let pairs) = root.kind, case .sequence(let items) = pairs[1].value.kind else {
            Issue.record("expected an object holding an array")
            return
        }

        #expect(root.location.description == "doc.json:1:1")
        #expect(pairs[0].key.location.description == "doc.json:2:3")
        // "é" takes two bytes, as editors that count bytes show it.
        #expect(pairs[0].value.location.description == "doc.json:2:12")
        #expect(pairs[1].key.location.description == "doc.json:2:18")
        #expect(items[0].location.description == "doc.json:3:5")
    }

    @Test func escapesAreResolvedIncludingThoseYAMLRefuses() throws {
        let root = try parse(#"["a\"b\\c\/d", "\u0000\u001f", "\ud83d\ude00", "\ud83d!", "\t\n\r\b\f"]"#)

        #expect(root.value == .array([
            .string("a\"b\\c/d"),
            .string("\u{0}\u{1F}"),
            .string("😀"),
            .string("\u{FFFD}!"),
            .string("\t\n\r\u{8}\u{C}"),
        ]))
    }

    @Test func aByteOrderMarkAndWhiteSpaceAroundTheValueAreSkipped() throws {
        #expect(try parse("\u{FEFF} \n\t[]\r\n ").value == .array([]))
        #expect(try JSONDocument.parse(" \n ", file: "doc.json").get() == nil)
    }

    @Test(arguments: [
        (#"{"a": 1,}"#, "doc.json:1:9: error: invalid JSON: expected a member name in double quotes, found '}'"),
        (#"{"a" 1}"#, "doc.json:1:6: error: invalid JSON: expected ':' after a member name, found '1'"),
        ("[1 2]", "doc.json:1:4: error: invalid JSON: expected ',' or ']' after an array item, found '2'"),
        ("{\n  \"a\": \"open\n}", "doc.json:2:8: error: invalid JSON: a string is not closed"),
        (#"["\x"]"#, #"doc.json:1:4: error: invalid JSON: '\' is followed by 'x', which is not an escape"#),
        (#"["\u12G4"]"#, #"doc.json:1:7: error: invalid JSON: '\u' is followed by 'G' instead of four hexadecimal digits"#),
        ("[01]", "doc.json:1:3: error: invalid JSON: expected ',' or ']' after an array item, found '1'"),
        ("[-]", "doc.json:1:3: error: invalid JSON: expected a digit, found ']'"),
        ("[1.]", "doc.json:1:4: error: invalid JSON: expected a digit after '.', found ']'"),
        ("[tru]", "doc.json:1:2: error: invalid JSON: expected a value, found 't'"),
        ("{} {}", "doc.json:1:4: error: invalid JSON: unexpected '{' after the document's value"),
        ("[\u{7}]", "doc.json:1:2: error: invalid JSON: expected a value, found U+0007"),
        ("[1, é]", "doc.json:1:5: error: invalid JSON: expected a value, found U+00E9"),
        ("[", "doc.json:1:2: error: invalid JSON: the document ends where a value is expected"),
    ])
    func aDocumentThatIsntJSONIsReportedWhereItStopsBeingJSON(text: String, expected: String) {
        #expect(error(text) == expected)
    }

    @Test func nestingBeyondTheLimitIsReportedNotFollowedDownTheStack() {
        let deep = String(repeating: "[", count: 100_000) + String(repeating: "]", count: 100_000)
        let column = JSONDocument.maximumDepth + 1

        #expect(error(deep) == "doc.json:1:\(column): error: invalid JSON: arrays and objects nest more than \(JSONDocument.maximumDepth) deep")
        let allowed = String(repeating: "[", count: JSONDocument.maximumDepth) + String(repeating: "]", count: JSONDocument.maximumDepth)
        #expect(error(allowed) == nil)
    }

    static let corpus = Paths.root.appendingPathComponent("../shared/corpus")
    static var corpusJSONDocuments: [String] {
        ["openapi", "swagger2"].flatMap { folder in
            let url = corpus.appendingPathComponent(folder)
            let names = (try? FileManager.default.contentsOfDirectory(atPath: url.path)) ?? []
            return names.filter { $0.hasSuffix(".json") }.sorted().map { "\(folder)/\($0)" }
        }
    }

    /// Real documents written by others read to the same values Foundation's decoder reads.
    @Test(.enabled(if: !corpusJSONDocuments.isEmpty, "needs the corpus of real documents at ../shared/corpus, beside the package, and there is none (see CONTRIBUTING.md)"),
          arguments: corpusJSONDocuments)
    func aRealDocumentReadsToWhatFoundationReads(document: String) throws {
        let data = try Data(contentsOf: Self.corpus.appendingPathComponent(document))
        let root = try parse(String(decoding: data, as: UTF8.self))

        #expect(Plain(root) == (try JSONDecoder().decode(Plain.self, from: data)))
    }
}

/// A JSON value with every number as a `Double` and objects unordered, to compare two readings.
private indirect enum Plain: Decodable, Equatable {
    case null, bool(Bool), number(Double), string(String), array([Plain]), object([String: Plain])

    init(_ node: YAMLNode) {
        switch node.kind {
        case .scalar(let text, quoted: true): self = .string(text)
        case .scalar("null", quoted: false): self = .null
        case .scalar("true", quoted: false): self = .bool(true)
        case .scalar("false", quoted: false): self = .bool(false)
        case .scalar(let text, quoted: false): self = .number(Double(text) ?? .nan)
        case .sequence(let items): self = .array(items.map(Plain.init))
        case .mapping(let pairs):
            self = .object(Dictionary(pairs.map { ($0.key.scalar ?? "", Plain($0.value)) }, uniquingKeysWith: { _, last in last }))
        }
    }

    init(from decoder: any Decoder) throws {
        let container = try decoder.singleValueContainer()
        if container.decodeNil() {
            self = .null
        } else if let bool = try? container.decode(Bool.self) {
            self = .bool(bool)
        } else if let number = try? container.decode(Double.self) {
            self = .number(number)
        } else if let string = try? container.decode(String.self) {
            self = .string(string)
        } else if let array = try? container.decode([Plain].self) {
            self = .array(array)
        } else {
            self = .object(try container.decode([String: Plain].self))
        }
    }
}
