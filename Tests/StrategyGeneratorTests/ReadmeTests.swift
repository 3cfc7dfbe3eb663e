import Foundation
import StrategyGenerator
import Testing

/// What the README shows is what the tools do: its spec is the shipped one, its generated code
/// is the golden, its error transcript is the diagnostics, and its configuration loads.
@Suite struct ReadmeTests {
    static let document = MarkdownDocument(
        (try? String(contentsOf: Paths.root.appendingPathComponent("README.md"), encoding: .utf8)) ?? ""
    )

    func block(_ info: String, startingWith prefix: String) throws -> String {
        let block = Self.document.blocks.first { $0.info == info && $0.text.hasPrefix(prefix) }
        return try #require(block, "README.md has no ```\(info) block starting with \(prefix)").text
    }

    @Test func theSpecIsTheShippedUsersSpec() throws {
        let shown = try block("yaml", startingWith: "api: Users")
        let shipped = try String(contentsOf: Paths.specs.appendingPathComponent("users.yaml"), encoding: .utf8)
        let withoutCommentsOrBlankLines = shipped.split(separator: "\n").filter { !$0.hasPrefix("#") }.map { $0 + "\n" }.joined()

        #expect(shown.split(separator: "\n") == withoutCommentsOrBlankLines.split(separator: "\n"))
    }

    @Test func theGeneratedStrategyIsTheGolden() throws {
        let shown = try block("swift", startingWith: "/// Fetches one user by id.")
        let golden = try String(contentsOf: Paths.goldens.appendingPathComponent("users/users.Strategies.swift"), encoding: .utf8)

        #expect(golden.hasSuffix(shown), "README.md's GetUser differs from Tests/Goldens/users/users.Strategies.swift")
    }

    @Test func theCallSiteTypeChecksAgainstTheGeneratedClient() async throws {
        let callSite = try block("swift", startingWith: "let users = UsersClient(")
        let folder = try makeTemporaryDirectory()
        defer { try? FileManager.default.removeItem(at: folder) }
        let generated = try GeneratorPipeline.generate(specAt: Paths.specs.appendingPathComponent("users.yaml").path)
        try OutputWriter.write(generated.files, to: folder)
        let example = folder.appendingPathComponent("CallSite.swift")
        let indented = callSite.split(separator: "\n").map { "    " + $0 }.joined(separator: "\n")
        try "import StrategyKit\n\nfunc callSite() async {\n\(indented)\n}\n".write(to: example, atomically: true, encoding: .utf8)
        let sources = generated.files.map { folder.appendingPathComponent($0.name).path } + [example.path]

        let result = try await run("swiftc", ["-swift-version", "6", "-typecheck", "-I", Paths.modules.path] + sources)

        #expect(result.status == 0, "\(result.standardError)")
        #expect(!result.standardError.contains("warning:"), "\(result.standardError)")
    }

    @Test func theErrorTranscriptIsWhatValidatePrints() throws {
        let transcript = try block("", startingWith: "$ swift run strategy-gen validate specs/bad/unknown-key.yaml\n")
        let diagnostics = try String(contentsOf: Paths.badSpecs.appendingPathComponent("unknown-key.diagnostics"), encoding: .utf8)

        #expect(transcript == "$ swift run strategy-gen validate specs/bad/unknown-key.yaml\n" + diagnostics)
    }

    @Test func theConfigurationExampleLoads() throws {
        let text = try block("yaml", startingWith: "access: package")

        let config = try ConfigLoader.load(text: text, file: "strategy-gen-config.yaml")

        #expect(config.access == .package)
        #expect(config.imports == ["SharedModels"])
    }
}
