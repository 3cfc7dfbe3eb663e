import Foundation
import Testing

/// A document a user can't change may give thousands of warnings of a few causes; the build log
/// shows one line a cause, and `--verbose` every one.
@Suite struct WarningGroupingTests {
    static let document = """
        openapi: 3.0.3
        info: { title: Styles, version: "1" }
        servers: [{ url: https://styles.example.com }]
        paths:
          /items:
            get:
              operationId: listItems
              parameters:
        \((0..<6).map { "        - { name: p\($0), in: query, schema: { type: array, items: { type: array, items: { type: string } } } }" }.joined(separator: "\n"))
                - { name: "my tag", in: cookie, schema: { type: string } }
              responses: { "204": { description: None. } }

        """

    private func warnings(_ arguments: [String]) async throws -> [String] {
        let folder = try makeTemporaryDirectory()
        defer { try? FileManager.default.removeItem(at: folder) }
        let spec = folder.appendingPathComponent("styles.yaml")
        try Self.document.write(to: spec, atomically: true, encoding: .utf8)
        let result = try await runStrategyGen(["generate", spec.path, "--output", folder.appendingPathComponent("out").path, "--diagnostic-style", "plain"] + arguments)
        #expect(result.status == 0)
        return result.standardError.split(separator: "\n").map { $0.replacingOccurrences(of: spec.path, with: "styles.yaml") }
    }

    @Test func fiveOrMoreWarningsOfOneCauseAreOneLineWithTheirCount() async throws {
        #expect(try await warnings([]) == [
            "styles.yaml:9:11: warning: parameter 'p0' has a type the spec format can't send yet; it is left out (#/paths/~1items/get/parameters/0); 5 more like it (--verbose lists every one)",
            "styles.yaml:15:11: warning: cookie 'my tag' has a name a cookie can't have; it is left out (#/paths/~1items/get/parameters/6)",
        ])
    }

    @Test func verboseListsEveryWarningAtItsPlace() async throws {
        let lines = try await warnings(["--verbose"])
        #expect(lines.count == 7)
        #expect(lines[5] == "styles.yaml:14:11: warning: parameter 'p5' has a type the spec format can't send yet; it is left out (#/paths/~1items/get/parameters/5)")
    }

    @Test func aConfigurationQuietsTheWarningsOfADocumentTheUserCantChange() async throws {
        let folder = try makeTemporaryDirectory()
        defer { try? FileManager.default.removeItem(at: folder) }
        let config = folder.appendingPathComponent("strategy-gen-config.yaml")
        try "importWarnings: quiet\n".write(to: config, atomically: true, encoding: .utf8)
        let lines = try await warnings(["--config", config.path]).map { $0.replacingOccurrences(of: config.path, with: "strategy-gen-config.yaml") }

        #expect(lines == ["strategy-gen-config.yaml:1:17: note: 7 warnings importing styles.yaml are quiet ('importWarnings: quiet'); remove it to see them"])
    }
}
