import Foundation
import StrategyGenerator
import Testing

/// The plugins can't link the generator, so `Plugins/Shared/SpecFiles.swift` repeats what they
/// share with it; these tests compile that file and hold it to the generator.
@Suite struct PluginAgreementTests {
    let folder: URL

    init() throws {
        folder = try makeTemporaryDirectory()
    }

    /// Writes a file of a target's folder.
    func write(_ name: String, _ text: String) throws -> URL {
        let url = folder.appendingPathComponent(name)
        try text.write(to: url, atomically: true, encoding: .utf8)
        return url
    }

    @Test func thePluginsLookForTheConfigurationTheGeneratorReads() {
        #expect(SpecFiles.configNames == GeneratorConfig.fileNames)
    }

    @Test func theBuildPluginDeclaresEveryFileTheGeneratorWrites() throws {
        let generated = try GeneratorPipeline.generate(specAt: Paths.specs.appendingPathComponent("users.yaml").path, placeholders: true)

        #expect(SpecFiles.outputSuffixes == GeneratorConfig.Part.allCases.map(\.fileSuffix))
        #expect(generated.files.map(\.name) == SpecFiles.outputSuffixes.map { "users.\($0).swift" })
    }

    @Test func onlyYAMLThatNamesAnAPIAndOpenAPIDocumentsAreSpecs() throws {
        let users = try write("users.yaml", "# The users API.\napi: Users\nservers: { production: https://example.com }\n")
        let fixtures = try write("fixtures.yaml", "users:\n  - api: not a spec, only indented\n")
        let config = try write("strategy-gen-config.yml", "access: internal\n")
        let readme = try write("README.md", "api: not YAML\n")
        let shop = try write("shop.yaml", "openapi: 3.1.0\ninfo: { title: Shop, version: '1' }\n")
        let books = try write("books.json", #"{"info": {"title": "Books"}, "openapi": "3.0.3", "paths": {}}"#)
        let package = try write("package.json", #"{"name": "not a spec", "version": "1.0.0"}"#)

        let found = try SpecFiles([readme, fixtures, users, config, shop, books, package], target: "UsersAPI")

        #expect(found.specs == [books, shop, users])
        #expect(found.config == config)
        #expect(found.parts == [fixtures, package])
    }

    @Test func aDocumentWithAMisspeltVersionKeyIsPassedOnToBeReported() throws {
        let pets = try write("pets.yaml", "openAPI: 3.0.3\ninfo: { title: Pets, version: '1' }\n")
        let books = try write("books.json", #"{"Swagger": "2.0", "info": {"title": "Books"}}"#)
        let notes = try write("notes.yaml", "API: not ours\n")

        let found = try SpecFiles([pets, books, notes], target: "Pets")

        #expect(found.specs == [books, pets])
        #expect(found.parts == [notes])
    }

    @Test func aDocumentIsRegeneratedWhenAFileItsReferencesNameChanges() throws {
        let shop = try write("shop.yaml", "openapi: 3.1.0\npaths:\n  /pets: { $ref: 'paths.yaml' }\n")
        let paths = try write("paths.yaml", "get: { responses: { '200': { $ref: 'responses.yaml#/ok' } } }\n")
        let responses = try write("responses.yaml", "ok: { description: OK }\n")
        let unrelated = try write("fixtures.yaml", "pets: []\n")

        let found = try SpecFiles([shop, paths, responses, unrelated], target: "Shop")

        #expect(found.specs == [shop])
        #expect(found.dependencies(of: shop) == [paths, responses])
    }
}
