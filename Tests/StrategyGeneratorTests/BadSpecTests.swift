import Foundation
import Testing

/// Every spec in `specs/bad` makes `strategy-gen` print exactly the diagnostics in the
/// `.diagnostics` file beside it, exit with status 1, and write nothing.
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

    @Test func yamlSyntaxErrorIsReportedAtItsLineAndColumn() async throws {
        let result = try await runStrategyGen(["validate", "specs/bad/yaml-syntax.yaml"])

        #expect(result.standardError == """
            specs/bad/yaml-syntax.yaml:8:12: error: invalid YAML: did not find expected ',' or '}' \
            (while parsing a flow mapping at line 7, column 11)

            """)
    }

    @Test func unknownKeyIsReportedWithASuggestion() async throws {
        let result = try await runStrategyGen(["validate", "specs/bad/unknown-key.yaml"])

        #expect(result.standardError == """
            specs/bad/unknown-key.yaml:5:3: warning: model 'User' is not used by any strategy
            specs/bad/unknown-key.yaml:10:5: error: unknown key 'retruns' in strategy 'GetUser'; did you mean 'returns'?

            """)
    }

    private func expectedDiagnostics(_ spec: String) throws -> String {
        try String(contentsOf: Paths.badSpecs.appendingPathComponent("\(spec).diagnostics"), encoding: .utf8)
    }
}
