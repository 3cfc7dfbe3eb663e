import Testing
@testable import StrategyGenerator

/// Every YAML node is placed at the line it is written on and the column of its first byte,
/// counted in UTF-8 bytes from 1, after non-ASCII text, multi-line scalars and long lines alike.
@Suite struct YAMLDocumentTests {
    /// Swift Testing has a `SourceLocation` of its own.
    private typealias Place = StrategyGenerator.SourceLocation

    /// A line of `count` copies of `text`.
    private static func run(_ text: String, _ count: Int) -> String {
        String(repeating: text, count: count)
    }

    /// Over 64 non-ASCII scalars before the nodes of one line, so a column lies past the first
    /// places remembered on it; then nodes met again on the line, before the last one met.
    private static let longLine = "row: { a: \(run("é", 70)), b: \(run("🙂", 90)), c: [\(run("中", 200)), x], d: y }"

    private static let text = """
        title: "Ünïcödé 🙂 — ok"
        description: |
          Привет,
          мир 🙂
        list: [ "中文", é, 🙂x, last ]
        folded: >
          é
          ß
        multi: "first é line
          second 中 line"
        after: { 'ключ': значение, k2: v }
        \(longLine)
        end: { é: &shared ü, ß: *shared }
        """

    /// The place of `written` (the first time it is written on `line`), as an editor shows it.
    private static func place(of written: String, line: Int) -> Place {
        let source = text.split(separator: "\n", omittingEmptySubsequences: false)[line - 1]
        let found = source.firstRange(of: written)!.lowerBound
        return Place(file: "spec.yaml", line: line, column: source.utf8.distance(from: source.startIndex, to: found) + 1)
    }

    /// Every node of `node`, keys and values in the order written, by the text of each scalar.
    private static func scalars(_ node: YAMLNode) -> [(String, Place)] {
        switch node.kind {
        case .scalar(let text, _): [(text, node.location)]
        case .sequence(let items): items.flatMap(scalars)
        case .mapping(let pairs): pairs.flatMap { scalars($0.key) + scalars($0.value) }
        }
    }

    private static func parsed() throws -> YAMLNode {
        try #require(try YAMLDocument.parse(text, file: "spec.yaml", allowingAliases: true).get())
    }

    @Test func scalarsArePlacedAtTheirFirstByte() throws {
        let placed = Self.scalars(try Self.parsed())
        let expected: [(String, Place)] = [
            ("title", Self.place(of: "title", line: 1)),
            ("Ünïcödé 🙂 — ok", Self.place(of: "\"", line: 1)),
            ("description", Self.place(of: "description", line: 2)),
            ("Привет,\nмир 🙂\n", Self.place(of: "|", line: 2)),
            ("list", Self.place(of: "list", line: 5)),
            ("中文", Self.place(of: "\"中文\"", line: 5)),
            ("é", Self.place(of: "é", line: 5)),
            ("🙂x", Self.place(of: "🙂x", line: 5)),
            ("last", Self.place(of: "last", line: 5)),
            ("folded", Self.place(of: "folded", line: 6)),
            ("é ß\n", Self.place(of: ">", line: 6)),
            ("multi", Self.place(of: "multi", line: 9)),
            ("first é line second 中 line", Self.place(of: "\"", line: 9)),
            ("after", Self.place(of: "after", line: 11)),
            ("ключ", Self.place(of: "'ключ'", line: 11)),
            ("значение", Self.place(of: "значение", line: 11)),
            ("k2", Self.place(of: "k2", line: 11)),
            ("v", Self.place(of: "v }", line: 11)),
            ("row", Self.place(of: "row", line: 12)),
            ("a", Self.place(of: "a:", line: 12)),
            (Self.run("é", 70), Self.place(of: "é", line: 12)),
            ("b", Self.place(of: "b:", line: 12)),
            (Self.run("🙂", 90), Self.place(of: "🙂", line: 12)),
            ("c", Self.place(of: "c:", line: 12)),
            (Self.run("中", 200), Self.place(of: "中", line: 12)),
            ("x", Self.place(of: "x]", line: 12)),
            ("d", Self.place(of: "d:", line: 12)),
            ("y", Self.place(of: "y }", line: 12)),
            ("end", Self.place(of: "end", line: 13)),
            ("é", Self.place(of: "é", line: 13)),
            // An alias is its anchor's node, placed where the anchor is written.
            ("ü", Self.place(of: "&shared", line: 13)),
            ("ß", Self.place(of: "ß", line: 13)),
            ("ü", Self.place(of: "&shared", line: 13)),
        ]
        #expect(placed.map { $0.0 } == expected.map { $0.0 })
        for ((text, location), (_, wanted)) in zip(placed, expected) {
            #expect(location == wanted, "\(text)")
        }
    }

    /// The columns as numbers, so that a change in how either side counts is seen.
    @Test func columnsAreUTF8BytesNotCharacters() throws {
        let placed = Self.scalars(try Self.parsed())
        let columns = placed.filter { ["🙂x", "last", "значение", "k2", "d", "y"].contains($0.0) }.map { $0.1.column }
        // `list: [ "中文", é, ` is 17 characters and 22 bytes; `after: { 'ключ': ` is 17 and 21;
        // `row: { a: `, 70 × 2, `, b: `, 90 × 4, `, c: [`, 200 × 3 and `, x], ` are 1,127 bytes.
        #expect(columns == [23, 30, 22, 40, 1_128, 1_131])
    }

    /// A diagnostic after multi-line and non-ASCII values points at the key that is wrong.
    @Test func aDiagnosticAfterNonASCIIBlocksIsAtItsKey() {
        let spec = """
            api: Users
            doc: |
              Пользователи 🙂
              and their 中文 names
            servers: { production: https://api.example.com }
            models:
              User: { doc: "naïve
                café", fields: { id: Int } }
            strategies:
              GetUser: { doc: "\(Self.run("é", 80))", GET: /users, retruns: User }
            """
        do {
            let loaded = try GeneratorPipeline.load(text: spec, file: "spec.yaml")
            let lines = loaded.diagnostics.map(\.description)
            #expect(lines.contains("spec.yaml:10:\(36 + 160):"
                + " error: unknown key 'retruns' in strategy 'GetUser'; did you mean 'returns'?"))
        } catch {
            Issue.record("the spec should load: \(error)")
        }
    }

    /// The diagnostics of loading and validating `text`, as `strategy-gen` prints them.
    private func diagnostics(_ text: String) -> [String] {
        do {
            let loaded = try GeneratorPipeline.load(text: text, file: "spec.yaml")
            do {
                return try SpecValidator.validate(loaded).warnings.map(\.description)
            } catch {
                return error.diagnostics.map(\.description)
            }
        } catch {
            return error.diagnostics.map(\.description)
        }
    }

    private let header = "api: Users\nservers: { production: https://api.example.com }\nmodels:\n"

    @Test func aKeyWrittenTwiceIsADuplicateAtItsFirstPlace() {
        let text = header + "  User: { id: Int }\n  Other: { id: Int }\n  User: { name: String }\n"
        #expect(diagnostics(text) == ["spec.yaml:4:3: error: duplicate key 'User' in one mapping"])
    }

    /// YAML tells a plain `True` (a bool) from a quoted one (a string): two keys, which the spec
    /// then finds name one model twice.
    @Test func aPlainAndAQuotedKeyOfOneBoolAreTwoKeys() {
        let text = header + "  \"True\": { id: Int }\n  True: { name: String }\n"
        #expect(diagnostics(text) == ["spec.yaml:5:3: error: model 'True' has the same name as model 'True'; every model, error type, strategy and interface needs its own name"])
    }

    @Test func aKeyTaggedWithTheTypeItReadsAsIsADuplicate() {
        let text = header + "  !!bool True: { id: Int }\n  True: { name: String }\n"
        #expect(diagnostics(text) == ["spec.yaml:4:3: error: duplicate key 'True' in one mapping"])
    }
}
