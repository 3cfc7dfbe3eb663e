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

    /// Type-checks `code` as the body of a function, against the clients generated from `specs`,
    /// with `modules` imported besides Foundation and StrategyKit.
    func typeCheck(_ code: String, against specs: [String], importing modules: [String] = []) async throws -> CommandResult {
        let folder = try makeTemporaryDirectory()
        defer { try? FileManager.default.removeItem(at: folder) }
        var sources: [String] = []
        for spec in specs {
            let generated = try GeneratorPipeline.generate(specAt: Paths.specs.appendingPathComponent(spec).path)
            try OutputWriter.write(generated.files, to: folder)
            sources += generated.files.map { folder.appendingPathComponent($0.name).path }
        }
        let example = folder.appendingPathComponent("CallSite.swift")
        let indented = code.split(separator: "\n").map { "    " + $0 }.joined(separator: "\n")
        let imports = (["Foundation", "StrategyKit"] + modules).map { "import \($0)\n" }.joined()
        try "\(imports)\nfunc callSite() async {\n\(indented)\n}\n".write(to: example, atomically: true, encoding: .utf8)
        return try await run("swiftc", ["-swift-version", "6", "-typecheck", "-I", Paths.modules.path] + sources + [example.path])
    }

    @Test func theCallSiteOfTwoAPIsTypeChecksAgainstTheGeneratedClients() async throws {
        let callSite = try block("swift", startingWith: "let users = UsersClient(")

        let result = try await typeCheck(callSite, against: ["users.yaml", "vk.yaml"])

        #expect(callSite.contains("let vk = VKClient"))
        #expect(result.status == 0, "\(result.standardError)")
        #expect(!result.standardError.contains("warning:"), "\(result.standardError)")
    }

    @Test func theQuickStartsCredentialsAreTheShippedSpecsAndTypeCheck() async throws {
        let auth = try block("yaml", startingWith: "auth:\n")
        let builder = try block("swift", startingWith: "let vk = VKClient.Builder(")
        let shipped = try String(contentsOf: Paths.specs.appendingPathComponent("vk.yaml"), encoding: .utf8)

        let result = try await typeCheck(builder + "_ = vk\n", against: ["vk.yaml"])

        #expect(shipped.contains(auth), "README.md's auth differs from specs/vk.yaml's")
        #expect(result.status == 0, "\(result.standardError)")
        #expect(!result.standardError.contains("warning:"), "\(result.standardError)")
    }

    @Test func theGenerateTranscriptIsWhatGeneratePrints() async throws {
        let transcript = try block("", startingWith: "$ swift run strategy-gen generate specs/users.yaml --output Generated/Users\n")
        let folder = try makeTemporaryDirectory()
        defer { try? FileManager.default.removeItem(at: folder) }

        let result = try await runStrategyGen(["generate", "specs/users.yaml", "--output", folder.path])

        #expect(transcript == "$ swift run strategy-gen generate specs/users.yaml --output Generated/Users\n" + result.standardOutput)
    }

    /// Text without Markdown's backticks and quotes, with runs of white space as one space.
    static func plain(_ text: some StringProtocol) -> String {
        String(text).filter { $0 != "`" && $0 != "'" }.split(whereSeparator: \.isWhitespace).map(String.init).joined(separator: " ")
    }

    @Test func theReadmeAndHelpSayAlikeWhatASpecIs() async throws {
        let text = Self.plain(Self.document.lines.joined(separator: "\n"))
        let sentence = try #require(text.range(of: #"A spec is a StrategyKit spec .*?\(\.json\)\."#, options: .regularExpression).map { String(text[$0]) })
        let help = try await runStrategyGen(["--help"])
        let openAPI = try String(contentsOf: Paths.root.appendingPathComponent("Documentation/OpenAPI.md"), encoding: .utf8)

        #expect(sentence == "A spec is a StrategyKit spec (its top level names the API: api: Users) or an OpenAPI 3.0 or 3.1 or Swagger 2.0 document, in YAML (.yaml, .yml) or JSON (.json).")
        #expect(Self.plain(help.standardOutput).contains(sentence))
        #expect(Self.plain(openAPI).contains(sentence))
        #expect(!text.contains("OpenAPI 3.0 or 3.1 only"))
    }

    @Test func theRequirementsAreThePackages() throws {
        let manifest = try String(contentsOf: Paths.root.appendingPathComponent("Package.swift"), encoding: .utf8)
        let requirements = try #require(Self.document.section("## Requirements"))

        let tools = try #require(manifest.firstMatch(of: /swift-tools-version: ?([0-9.]+)/)?.1)
        #expect(requirements.contains("A Swift \(tools) toolchain or later"))
        #expect(requirements.contains("`swift-tools-version` is \(tools)."))
        let platforms = try #require(manifest.firstMatch(of: /platforms: \[([^\]]*)\]/)?.1)
        for platform in platforms.matches(of: /\.(\w+)\(\.v(\d+)\)/) {
            #expect(requirements.contains("\(platform.1) \(platform.2)"), "README.md's requirements leave out \(platform.1) \(platform.2)")
        }
    }

    @Test func theLicenseIsApache2() throws {
        let license = try String(contentsOf: Paths.root.appendingPathComponent("LICENSE"), encoding: .utf8)

        #expect(license.contains("Apache License\n                           Version 2.0, January 2004"))
        #expect(Self.document.lines.joined(separator: "\n").contains("[LICENSE](LICENSE)"))
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
