import Foundation
import StrategyGenerator
import Testing

/// A configuration file changes what every spec generates: access level, parts, imports and names.
@Suite struct ConfigTests {
    let folder: URL

    init() throws {
        folder = try makeTemporaryDirectory()
    }

    func write(_ name: String, _ text: String) throws -> String {
        let url = folder.appendingPathComponent(name)
        try Data(text.utf8).write(to: url)
        return url.path
    }

    var users: String { Paths.specs.appendingPathComponent("users.yaml").path }

    /// The line of `path` that starts with `prefix`, counted from 1.
    func line(of prefix: String, in path: String) -> Int {
        let lines = (try? String(contentsOfFile: path, encoding: .utf8))?.split(separator: "\n", omittingEmptySubsequences: false) ?? []
        return (lines.firstIndex { $0.hasPrefix(prefix) } ?? -1) + 1
    }

    @Test func renamesReachDeclarationsAndEveryReferenceAndTheCodeCompiles() async throws {
        let config = try ConfigLoader.load(contentsOf: try write("config.yaml", """
            access: package
            rename:
              User: Account
              GetUser: FetchAccount
              UsersError: AccountError
              Users: People
            """))

        let generated = try GeneratorPipeline.generate(specAt: users, config: config)

        let text = generated.files.map(\.contents).joined()
        #expect(text.contains("package struct Account: Decodable"))
        #expect(text.contains("package struct FetchAccount: Strategy"))
        #expect(text.contains("package typealias Output = Account"))
        #expect(text.contains("package enum AccountError"))
        #expect(text.contains("package struct PeopleClient"))
        #expect(text.contains("func fetchAccount("))
        #expect(text.contains("throws(CallError<AccountError>) -> Account"))
        #expect(!text.contains("public "))
        #expect(!text.contains("User"))
        try OutputWriter.write(generated.files, to: folder.appendingPathComponent("out"))
        let sources = generated.files.map { folder.appendingPathComponent("out/\($0.name)").path }
        let result = try await run("swiftc", ["-swift-version", "6", "-typecheck", "-package-name", "Example", "-I", Paths.modules.path] + sources)
        #expect(result.status == 0, "\(result.standardError)")
        #expect(!result.standardError.contains("warning:"), "\(result.standardError)")
    }

    @Test func renamingTheAPIRenamesTheErrorTypeNamedAfterIt() throws {
        let config = try ConfigLoader.load(text: "rename: { Users: People }", file: "config.yaml")
        let both = try ConfigLoader.load(text: "rename: { Users: People, UsersError: AccountFailure }", file: "config.yaml")

        let text = try GeneratorPipeline.generate(specAt: users, config: config).files.map(\.contents).joined()
        let renamedBoth = try GeneratorPipeline.generate(specAt: users, config: both).files.map(\.contents).joined()

        #expect(text.contains("public enum PeopleError"))
        #expect(text.contains("throws(CallError<PeopleError>) -> User"))
        #expect(!text.contains("UsersError"))
        #expect(renamedBoth.contains("public enum AccountFailure"))
        #expect(!renamedBoth.contains("PeopleError"))
    }

    @Test func renamesReachUnionVariantsAndComposedModelsAndTheCodeCompiles() async throws {
        let config = try ConfigLoader.load(contentsOf: try write("config.yaml", """
            rename:
              PublicUser: Member
              PrivateUser: Owner
              LabelDetails: LabelInfo
            """))
        let github = Paths.specs.appendingPathComponent("github.yaml").path

        let generated = try GeneratorPipeline.generate(specAt: github, config: config)

        let text = generated.files.map(\.contents).joined()
        #expect(text.contains("case owner(Owner)"))
        #expect(text.contains("case member(Member)"))
        #expect(text.contains("case labelInfo(LabelInfo)"))
        #expect(!text.contains("PublicUser") && !text.contains("LabelDetails"))
        try OutputWriter.write(generated.files, to: folder.appendingPathComponent("out"))
        let sources = generated.files.map { folder.appendingPathComponent("out/\($0.name)").path }
        let result = try await run("swiftc", ["-swift-version", "6", "-typecheck", "-I", Paths.modules.path] + sources)
        #expect(result.status == 0, "\(result.standardError)")
        #expect(!result.standardError.contains("warning:"), "\(result.standardError)")
    }

    @Test func onlyTheChosenPartsAreGeneratedWithTheExtraImports() throws {
        let config = try ConfigLoader.load(contentsOf: try write("config.yaml", """
            generate: [models, errors, strategies]
            imports: [Dispatch]
            """))
        let petstore = Paths.specs.appendingPathComponent("petstore.yaml").path

        let generated = try GeneratorPipeline.generate(specAt: petstore, config: config)

        #expect(generated.files.map(\.name) == ["petstore.Models.swift", "petstore.Errors.swift", "petstore.Strategies.swift"])
        #expect(generated.files.allSatisfy { $0.contents.contains("\nimport Dispatch\n") })
        // Without the stubs part, strategies can't answer from examples that aren't generated.
        #expect(!generated.files[2].contents.contains("PetstoreStubs"))
    }

    @Test func placeholdersStandForTheLeftOutParts() throws {
        let config = try ConfigLoader.load(text: "generate: [models]", file: "config.yaml")

        let generated = try GeneratorPipeline.generate(specAt: users, config: config, placeholders: true)

        #expect(generated.files.map(\.name) == GeneratorPipeline.outputFileNames(forSpecAt: users))
        #expect(generated.files[0].contents.contains("public struct User"))
        #expect(generated.files[4].contents == """
            // Generated by strategy-gen from users.yaml. Do not edit.
            // The configuration leaves out the stubs.

            """)
    }

    @Test func modelsConformToWhatTheConfigurationAddsAndTheCodeCompiles() async throws {
        let config = try ConfigLoader.load(text: "models: { conformances: [Hashable] }", file: "config.yaml")
        let petstore = Paths.specs.appendingPathComponent("petstore.yaml").path

        let plain = try GeneratorPipeline.generate(specAt: petstore).files[0].contents
        let generated = try GeneratorPipeline.generate(specAt: petstore, config: config)

        #expect(config.modelConformances == [.hashable])
        #expect(plain.contains("public struct Pet: Decodable, Sendable {"))
        #expect(generated.files[0].contents.contains("public struct Pet: Decodable, Hashable, Sendable {"))
        #expect(generated.files[0].contents.contains("public struct Category: Codable, Hashable, Sendable {"))
        try OutputWriter.write(generated.files, to: folder.appendingPathComponent("out"))
        let sources = generated.files.map { folder.appendingPathComponent("out/\($0.name)").path }
        let result = try await run("swiftc", ["-swift-version", "6", "-typecheck", "-I", Paths.modules.path] + sources)
        #expect(result.status == 0, "\(result.standardError)")
        #expect(!result.standardError.contains("warning:"), "\(result.standardError)")
    }

    @Test func aModelConformanceMustBeOneTheGeneratorOffers() throws {
        let text = """
            models:
              conformances: [Equatable, Comparable]
              conformance: Hashable
            """

        let error = #expect(throws: DiagnosticsError.self) { try ConfigLoader.load(text: text, file: "config.yaml") }

        #expect(error?.diagnostics.map(\.description) == [
            "config.yaml:2:29: error: 'Comparable' is not allowed for a conformance of models; use one of 'Equatable', 'Hashable'",
            "config.yaml:3:3: error: unknown key 'conformance' in 'models'; did you mean 'conformances'?",
        ])
    }

    @Test func everyProblemOfAConfigurationIsReportedAtItsPlace() throws {
        let text = """
            acess: internal
            generate: [models, client, stub]
            rename: { String: Text, User: not valid }
            imports: Dispatch
            """

        let error = #expect(throws: DiagnosticsError.self) { try ConfigLoader.load(text: text, file: "config.yaml") }

        #expect(error?.diagnostics.map(\.description) == [
            "config.yaml:1:1: error: unknown key 'acess' in the configuration; did you mean 'access'?",
            "config.yaml:2:11: error: the client part needs the strategies part; add 'strategies' to 'generate'",
            "config.yaml:2:28: error: 'stub' is not allowed for a part in 'generate'; use one of 'models', 'errors', 'strategies', 'client', 'stubs', 'samples'; did you mean 'stubs'?",
            "config.yaml:3:11: error: 'String' is a built-in type; only the spec's own names can be renamed",
            "config.yaml:3:31: error: 'not valid' is not a valid name for the new name of 'User'; use letters, digits and '_', starting with a letter, e.g. 'NotValid'",
            "config.yaml:4:10: error: 'imports' must be a list, e.g. '[a, b]'; found a scalar",
        ])
    }

    @Test func anOperationSelectionThatCantSelectIsReportedAtItsPlace() throws {
        let text = """
            operations:
              tag: [pets]
              paths: [pets]
            ---
            operations: {}
            """
        let parts = text.components(separatedBy: "---\n")

        let first = #expect(throws: DiagnosticsError.self) { try ConfigLoader.load(text: parts[0], file: "config.yaml") }
        let second = #expect(throws: DiagnosticsError.self) { try ConfigLoader.load(text: parts[1], file: "config.yaml") }

        #expect(first?.diagnostics.map(\.description) == [
            "config.yaml:2:3: error: unknown key 'tag' in 'operations'; did you mean 'tags'?",
            "config.yaml:3:11: error: path prefix 'pets' must start with '/', as the document's paths do",
        ])
        #expect(second?.diagnostics.map(\.description) == [
            "config.yaml:1:13: error: 'operations' selects nothing; list 'tags', 'operationIds' or 'paths'",
        ])
    }

    @Test func anOperationSelectionAppliesToOpenAPIDocumentsOnly() throws {
        let config = try ConfigLoader.load(text: "operations: { operationIds: [getUser] }", file: "config.yaml")

        let generated = try GeneratorPipeline.generate(specAt: users, config: config)

        #expect(generated.warnings.map(\.description).contains("config.yaml:1:13: warning: 'operations' selects the operations of OpenAPI documents; users.yaml is a spec, generated whole"))
    }

    @Test func aRenameToAnExistingNameIsADuplicate() throws {
        let config = try ConfigLoader.load(text: "rename: { GetUser: User }", file: "config.yaml")

        let error = #expect(throws: DiagnosticsError.self) { try GeneratorPipeline.generate(specAt: users, config: config) }

        #expect(error?.diagnostics.map(\.description) == [
            "\(users):\(line(of: "  GetUser:", in: users)):3: error: strategy 'GetUser' (renamed 'User' by the configuration) has the same name as model 'User'; every model, error type, strategy and interface needs its own name",
        ])
    }

    @Test func diagnosticsSpeakOfTheNamesTheSpecWrites() throws {
        let spec = try write("shop.yaml", """
            api: Shop
            servers: { production: https://shop.example.com }
            models:
              Item: { id: Int }
            strategies:
              GetItem: { GET: /items, returns: Item }
            interfaces:
              Browsing: [GetItems]
            """)
        let config = try ConfigLoader.load(text: "rename: { Item: Product, GetItem: FetchProduct }", file: "config.yaml")

        let error = #expect(throws: DiagnosticsError.self) { try GeneratorPipeline.generate(specAt: spec, config: config) }

        #expect(error?.diagnostics.map(\.description) == [
            "\(spec):8:14: error: unknown strategy 'GetItems'; did you mean 'GetItem'?",
        ])
    }

    @Test func aRenameCanGiveANameTheGeneratedCodeUsesAnotherOne() throws {
        let spec = try write("shop.yaml", """
            api: Shop
            servers: { production: https://shop.example.com }
            models:
              Server: { id: Int }
            strategies:
              GetServer: { GET: /servers, returns: Server }
            """)
        let hidden = #expect(throws: DiagnosticsError.self) { try GeneratorPipeline.generate(specAt: spec) }
        let config = try ConfigLoader.load(text: "rename: { Server: ShopServer }", file: "config.yaml")

        let models = try GeneratorPipeline.generate(specAt: spec, config: config).files.first { $0.name == "shop.Models.swift" }

        #expect(hidden?.diagnostics.first?.message.hasPrefix("model 'Server' would hide StrategyKit's 'Server'") == true)
        #expect(models?.contents.contains("public struct ShopServer: Decodable") == true)
    }

    @Test func theCommandLineReadsTheConfigurationAndWarnsOfRenamesThatNameNothing() async throws {
        let config = try write("config.yaml", "access: internal\nrename: { Usr: Account }\n")
        let output = folder.appendingPathComponent("out")

        let result = try await runStrategyGen(["generate", "specs/users.yaml", "--config", config, "--output", output.path, "--diagnostic-style", "plain"])

        #expect(result.status == 0)
        #expect(result.standardError == "\(config):2:11: warning: 'Usr' under 'rename' names nothing in the specs; did you mean 'User'?\n")
        let models = try String(contentsOf: output.appendingPathComponent("users.Models.swift"), encoding: .utf8)
        #expect(models.contains("\nstruct User: Decodable"))
    }

    @Test func aBrokenConfigurationStopsEveryFileFromBeingWritten() async throws {
        let config = try write("config.yaml", "generate: [models, stubz]\n")
        let output = folder.appendingPathComponent("out")

        let result = try await runStrategyGen(["generate", "specs/users.yaml", "--config", config, "--output", output.path])

        #expect(result.status == 1)
        #expect(result.standardError.hasPrefix("\(config):1:20: error: 'stubz' is not allowed"))
        #expect(!FileManager.default.fileExists(atPath: output.path))
    }
}
