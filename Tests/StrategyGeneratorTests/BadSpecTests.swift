import Foundation
import Testing

/// Every spec in `specs/bad` makes `strategy-gen` print exactly the diagnostics in the
/// `.diagnostics` file beside it, each with the line it points to and a caret under its column,
/// exit with status 1, and write nothing; `--diagnostic-style plain` prints the same diagnostics
/// without their lines.
@Suite struct BadSpecTests {
    static let specs: [String] = {
        let names = (try? FileManager.default.contentsOfDirectory(atPath: Paths.badSpecs.path)) ?? []
        return names.filter { $0.hasSuffix(".yaml") }.map { String($0.dropLast(5)) }.sorted()
    }()

    @Test func thereAreBadSpecsToCheck() {
        #expect(Self.specs.contains("yaml-syntax"))
        #expect(Self.specs.contains("unknown-key"))
    }

    @Test(arguments: specs)
    func generatePrintsTheExactDiagnosticsAndWritesNothing(spec: String) async throws {
        let folder = try makeTemporaryDirectory()
        defer { try? FileManager.default.removeItem(at: folder) }
        let output = folder.appendingPathComponent("Generated")

        let result = try await runStrategyGen(["generate", "specs/bad/\(spec).yaml", "--output", output.path])

        #expect(result.status == 1)
        #expect(result.standardError == (try expectedDiagnostics(spec)))
        #expect(result.standardOutput.isEmpty)
        #expect(!FileManager.default.fileExists(atPath: output.path))
    }

    @Test(arguments: specs)
    func validatePrintsTheSameDiagnostics(spec: String) async throws {
        let result = try await runStrategyGen(["validate", "specs/bad/\(spec).yaml"])

        #expect(result.status == 1)
        #expect(result.standardError == (try expectedDiagnostics(spec)))
    }

    @Test(arguments: specs)
    func thePlainStyleIsTheSameDiagnosticsWithoutTheirLines(spec: String) async throws {
        let result = try await runStrategyGen(["validate", "specs/bad/\(spec).yaml", "--diagnostic-style", "plain"])
        let expected = try expectedDiagnostics(spec).split(separator: "\n").filter { !Self.isSourceLine($0) }

        #expect(result.status == 1)
        #expect(result.standardError == expected.map { $0 + "\n" }.joined())
    }

    @Test func yamlSyntaxErrorIsReportedAtItsLineAndColumn() async throws {
        let result = try await runStrategyGen(["validate", "specs/bad/yaml-syntax.yaml"])

        #expect(result.standardError == """
            specs/bad/yaml-syntax.yaml:8:12: error: invalid YAML: did not find expected ',' or '}' \
            (while parsing a flow mapping at line 7, column 11)
            8 |     returns: User
              |            ^

            """)
    }

    @Test func unknownKeyIsReportedWithASuggestion() async throws {
        let result = try await runStrategyGen(["validate", "specs/bad/unknown-key.yaml"])

        #expect(result.standardError == """
            specs/bad/unknown-key.yaml:5:3: warning: model 'User' is not used by any strategy
            5 |   User: { id: Int, name: String }
              |   ^
            specs/bad/unknown-key.yaml:10:5: error: unknown key 'retruns' in strategy 'GetUser'; did you mean 'returns'?
            10 |     retruns: User
               |     ^

            """)
    }

    /// Every diagnostic of a bad spec points into the spec, so each is followed by its line.
    @Test(arguments: specs)
    func everyDiagnosticIsFollowedByItsLine(spec: String) throws {
        let lines = try expectedDiagnostics(spec).split(separator: "\n")
        for (index, line) in lines.enumerated() where !Self.isSourceLine(line) {
            let number = try #require(line.wholeMatch(of: /.*?\.yaml:(\d+):\d+: (error|warning|note): .*/)?.1, "\(line)")
            #expect(index + 2 < lines.count && lines[index + 1].hasPrefix("\(number) |") && lines[index + 2].hasSuffix("^"), "\(line)")
        }
    }

    /// A line of the spec (`10 |     retruns: User`) or the caret under it (`   |     ^`).
    static func isSourceLine(_ line: Substring) -> Bool {
        line.wholeMatch(of: /\d+ \|( .*)?|\s+\| [\s]*\^/) != nil
    }

    private func expectedDiagnostics(_ spec: String) throws -> String {
        try String(contentsOf: Paths.badSpecs.appendingPathComponent("\(spec).diagnostics"), encoding: .utf8)
    }
}
