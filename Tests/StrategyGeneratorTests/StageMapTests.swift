import Foundation
import Testing

/// The generator's stages depend one way (CONTRIBUTING.md): `scripts/check-stages.py` passes on
/// this package and fails, at the file and line, when a stage names a later stage's type.
@Suite struct StageMapTests {
    @Test func noStageNamesALaterStagesType() async throws {
        let result = try await run("python3", ["scripts/check-stages.py"])
        #expect(result.status == 0, "\(result.standardOutput)\(result.standardError)")
    }

    @Test func aLoaderThatNamesAValidationTypeFailsAtItsLine() async throws {
        let root = FileManager.default.temporaryDirectory.appendingPathComponent("stages-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: root) }
        let sources = root.appendingPathComponent("Sources/StrategyGenerator")
        let files = [
            "Spec/Model.swift": "public struct APISpec {}\n",
            "Loader/Loader.swift": "// Checks with SpecChecker later.\nenum Loader {\n    static let checker = SpecChecker()\n    static let text = \"SpecChecker\"\n}\n",
            "OpenAPI/Importer.swift": "enum Importer { static let loader = Loader.self }\n",
            "Validation/Checker.swift": "struct SpecChecker { let spec: APISpec? = nil }\n",
        ]
        for (path, text) in files {
            let file = sources.appendingPathComponent(path)
            try FileManager.default.createDirectory(at: file.deletingLastPathComponent(), withIntermediateDirectories: true)
            try text.write(to: file, atomically: true, encoding: .utf8)
        }
        let result = try await run("python3", ["scripts/check-stages.py", root.path])
        #expect(result.status == 1)
        // Only the use in code counts, not the comment or the string.
        #expect(result.standardOutput.hasPrefix("""
            Sources/StrategyGenerator/Loader/Loader.swift:3: error: the load stage names 'SpecChecker' of the validation stage, which runs after it
            1 use of a later stage's types;
            """))
    }
}
