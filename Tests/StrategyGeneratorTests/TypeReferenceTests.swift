import Foundation
import StrategyGenerator
import Testing

/// A type as a spec writes it: the built-in types by their own case, the spec's models by name.
@Suite struct TypeReferenceTests {
    @Test(arguments: [
        ("String", TypeReference.builtIn(.string)),
        ("JSON", .builtIn(.json)),
        ("File", .builtIn(.file)),
        ("Data", .builtIn(.data)),
        ("User", .named("User")),
        ("Dat", .named("Dat")),
        ("[User]", .array(.named("User"))),
        ("[String: Date]?", .optional(.dictionary(.builtIn(.date)))),
        ("[[String: UUID?]]", .array(.dictionary(.optional(.builtIn(.uuid))))),
    ])
    func parsingNamesEachBuiltInByItsCaseAndAnythingElseAsAModel(text: String, type: TypeReference) {
        #expect(TypeReference(parsing: text) == type)
        #expect(type.description == text)
    }

    @Test func aMapsKeysAreText() {
        #expect(TypeReference(parsing: "[Int: String]") == nil)
        #expect(TypeReference(parsing: "[ String : Int ]") == .dictionary(.builtIn(.int)))
    }

    @Test func aTypeHoldsTheModelAtItsCore() {
        #expect(TypeReference(parsing: "[String: [User]]?")?.modelName == "User")
        #expect(TypeReference(parsing: "[String: [Date]]?")?.modelName == nil)
        #expect(TypeReference(parsing: "[Date]?")?.core == .builtIn(.date))
    }

    @Test func aModelCantTakeABuiltInTypesName() throws {
        let loaded = try GeneratorPipeline.load(text: """
            api: Shop
            servers: { production: https://shop.example.com }
            models:
              Date: { day: Int }
              Order: { placed: Date, by: Strng }
            strategies:
              GetOrder: { GET: /order, returns: Order }
            """, file: "shop.yaml")

        let error = #expect(throws: DiagnosticsError.self) { try SpecValidator.validate(loaded) }

        #expect(error?.diagnostics.map(\.description) == [
            "shop.yaml:4:3: error: model 'Date' would hide Foundation's 'Date', which generated code uses; give it another name, such as 'ShopDate'",
            "shop.yaml:5:30: error: unknown type 'Strng'; define it under 'models' or use a built-in type; did you mean 'String'?",
        ])
    }

    @Test func renamingRenamesModelsAndLeavesBuiltInTypesAlone() throws {
        let files = try generate("""
            api: Shop
            servers: { production: https://shop.example.com }
            models:
              Order: { placed: "[String: Date]?", next: "[Order]", notes: JSON }
            strategies:
              GetOrder: { GET: /order, returns: "[Order]" }
            """, config: "rename: { Order: Purchase }")

        #expect(files["shop.Models.swift"]?.contains("public let placed: [String: Date]?") == true)
        #expect(files["shop.Models.swift"]?.contains("public let next: [Purchase]") == true)
        #expect(files["shop.Models.swift"]?.contains("public let notes: JSONValue") == true)
        #expect(files["shop.Strategies.swift"]?.contains("public typealias Output = [Purchase]") == true)
    }

    @Test func returningDataIsTheBodyAsItCameBesideAModelRenamedFromData() throws {
        let files = try generate("""
            api: Shop
            servers: { production: https://shop.example.com }
            models:
              Data: { size: Int }
            strategies:
              Download: { GET: /download, returns: Data }
            """, config: "rename: { Data: Blob }")

        #expect(files["shop.Models.swift"]?.contains("public struct Blob: Codable") == true)
        #expect(files["shop.Strategies.swift"]?.contains("public typealias Output = Data") == true)
    }

    /// The files generated from `spec`, written as `shop.yaml`, with the configuration `config`,
    /// by name.
    private func generate(_ spec: String, config: String) throws -> [String: String] {
        let folder = try makeTemporaryDirectory()
        defer { try? FileManager.default.removeItem(at: folder) }
        let path = folder.appendingPathComponent("shop.yaml")
        try Data(spec.utf8).write(to: path)
        let generated = try GeneratorPipeline.generate(specAt: path.path, config: ConfigLoader.load(text: config, file: "config.yaml"))
        return Dictionary(generated.files.map { ($0.name, $0.contents) }, uniquingKeysWith: { first, _ in first })
    }
}
