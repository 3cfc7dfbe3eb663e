import Foundation
import StrategyGenerator
import Testing

/// OpenAPI documents import into the spec model: what the format can say becomes code that
/// compiles, and each thing left out costs only itself, with a warning at its line that names
/// its JSON pointer.
@Suite struct OpenAPIImportTests {
    /// A document with something the spec format can't say yet at every level.
    static let sloppy = """
    openapi: 3.0.3
    info: { title: "Pet shop: the API", version: "2" }
    servers:
      - url: /api
    paths:
      /pets/{petId}:
        get:
          operationId: get-pet
          parameters:
            - { name: petID, in: path, required: true, schema: { type: integer, format: int64 } }
            - { name: session, in: cookie, schema: { type: string } }
          responses:
            "200":
              description: A pet.
              content:
                application/json:
                  schema: { $ref: "#/components/schemas/Pet" }
      /pets:
        post:
          operationId: addPet
          parameters:
            - { name: trace, in: cookie, required: true, schema: { type: string } }
          responses:
            "201": { description: Added. }
        get:
          operationId: findPets
          parameters:
            - { name: filter, in: query, required: true, schema: { $ref: "other.yaml#/Filter" } }
          responses:
            "200": { description: Found. }
    components:
      schemas:
        Pet:
          type: object
          required: [id, name]
          properties:
            id: { type: integer, format: int64 }
            name: { type: string }
            my_tag: { type: string }
            myTag: { type: string, nullable: true }
            owner: { oneOf: [{ type: string }, { type: integer }] }
            kind: { type: string, enum: ["", dog, none, Dog] }
            parent: { $ref: "#/components/schemas/Pet" }
            Error: { type: string }
        Error:
          type: object
          properties:
            message: { type: string }
            owner: { $ref: "#/components/schemas/self" }
        self:
          type: object
          properties:
            id: { type: string }
    """

    private func generate(_ text: String, name: String) throws -> (GeneratedSpec, URL) {
        let folder = try makeTemporaryDirectory()
        let file = folder.appendingPathComponent(name)
        try text.write(to: file, atomically: true, encoding: .utf8)
        return (try GeneratorPipeline.generate(specAt: file.path), folder)
    }

    @Test func whatCantBeSaidIsLeftOutWithAWarningAtItsPlace() throws {
        let (generated, folder) = try generate(Self.sloppy, name: "shop.yaml")
        defer { try? FileManager.default.removeItem(at: folder) }
        let file = folder.appendingPathComponent("shop.yaml").path

        let warnings = generated.warnings.map { $0.description.replacingOccurrences(of: file, with: "shop.yaml") }
        #expect(warnings == [
            "shop.yaml:4:5: warning: server URL '/api' is relative; the client's server is http://localhost/api until another is chosen (#/servers/0)",
            "shop.yaml:7:5: warning: path parameter 'petId' is not declared; it is taken as a string (#/paths/~1pets~1{petId}/get)",
            "shop.yaml:10:11: warning: path parameter 'petID' is not in the path '/pets/{petId}'; it is left out (#/paths/~1pets~1{petId}/get)",
            "shop.yaml:22:11: warning: the operation needs cookie 'trace', which the spec format can't send yet; it is left out (#/paths/~1pets/post/parameters/0)",
            "shop.yaml:28:11: warning: parameter 'filter' has a type the spec format can't send yet; the operation is left out (#/paths/~1pets/get/parameters/0)",
            "shop.yaml:28:62: warning: 'other.yaml#/Filter' is in another document, which is not read yet; what uses it is left out (#/paths/~1pets/get/parameters/0/schema)",
            "shop.yaml:41:16: warning: property 'owner' has a type the spec format can't say yet; it is left out (#/components/schemas/Pet/properties/owner)",
            "shop.yaml:42:38: warning: the empty value of an enum is left out (#/components/schemas/Pet/properties/kind/enum/0)",
            "shop.yaml:43:17: warning: property 'parent' would make 'Pet' contain itself; it is left out",
            "shop.yaml:46:7: warning: model 'ErrorModel' is not used by any strategy",
        ])
        #expect(generated.warnings.allSatisfy { $0.severity == .warning })
    }

    @Test func namesBecomeSwiftOnesThatDontClash() throws {
        let (generated, folder) = try generate(Self.sloppy, name: "shop.yaml")
        defer { try? FileManager.default.removeItem(at: folder) }
        let models = try #require(generated.files.first { $0.name == "shop.Models.swift" }).contents
        let client = try #require(generated.files.first { $0.name == "shop.Client.swift" }).contents

        #expect(client.contains("public struct PetShopTheAPIClient"))
        #expect(client.contains("public func getPet(petId: String) async throws(CallError<UnexpectedResponse>) -> Pet"))
        #expect(models.contains("public struct ErrorModel: "))
        #expect(models.contains("public struct SelfModel: ") && models.contains("owner: SelfModel?"))
        #expect(models.contains("public let myTag: String?") && models.contains("public let myTag2: String?"))
        #expect(models.contains(#"self.myTag2 = try container.decode(String?.self, forKey: "myTag")"#) || models.contains(#"self.myTag2 = try container.decodeIfPresent(String.self, forKey: "myTag")"#))
        #expect(models.contains(#"public static let noneValue = Self("none")"#))
        #expect(models.contains(#"public static let dog = Self("dog")"#) && models.contains(#"public static let dog2 = Self("Dog")"#))
    }

    /// A JSON document, read as JSON with positions of its own.
    static let sloppyJSON = """
    {
      "openapi": "3.1.0",
      "info": {"title": "Notes", "version": "1"},
      "servers": [{"url": "https://notes.example.com"}],
      "paths": {
        "/notes": {
          "get": {
            "operationId": "listNotes",
            "parameters": [{"name": "q", "in": "query", "schema": {"anyOf": [{"type": "string"}, {"type": "integer"}]}}],
            "responses": {"200": {"description": "Notes.", "content": {"application/json": {"schema": {"type": "array", "items": {"$ref": "#/components/schemas/Note"}}}}}}
          }
        }
      },
      "components": {"schemas": {"Note": {"type": "object", "required": ["text"], "properties": {"text": {"type": "string"}, "at": {"type": ["string", "null"], "format": "date-time"}}}}}
    }
    """

    @Test(arguments: [("shop.yaml", sloppy), ("notes.json", sloppyJSON)])
    func whatIsImportedCompilesWithoutWarnings(name: String, text: String) async throws {
        let (generated, folder) = try generate(text, name: name)
        defer { try? FileManager.default.removeItem(at: folder) }
        try OutputWriter.write(generated.files, to: folder)
        let sources = generated.files.map { folder.appendingPathComponent($0.name).path }

        let result = try await run("swiftc", ["-swift-version", "6", "-typecheck", "-I", Paths.modules.path] + sources)

        #expect(result.status == 0, "\(result.standardError)")
        #expect(!result.standardError.contains("warning:"), "\(result.standardError)")
    }

    @Test func aJSONDocumentsWarningsPointIntoTheJSON() throws {
        let (generated, folder) = try generate(Self.sloppyJSON, name: "notes.json")
        defer { try? FileManager.default.removeItem(at: folder) }
        let file = folder.appendingPathComponent("notes.json").path

        #expect(generated.warnings.map(\.description) == [
            "\(file):9:24: warning: parameter 'q' has a type the spec format can't send yet; it is left out (#/paths/~1notes/get/parameters/0)",
        ])
    }

    @Test func aliasesInADocumentStandForTheirAnchorsButCantBlowItUp() throws {
        let anchored = """
        openapi: 3.0.3
        info: { title: Echo, version: "1" }
        servers: [{ url: "https://echo.example.com" }]
        paths:
          /echo:
            get:
              operationId: echo
              parameters:
                - &word { name: word, in: query, required: true, schema: { type: string } }
              responses:
                "200": { description: Echoed., content: { application/json: { schema: &text { type: string } } } }
            post:
              operationId: shout
              parameters: [*word]
              responses:
                "200": { description: Shouted., content: { application/json: { schema: *text } } }
        """
        let (generated, folder) = try generate(anchored, name: "echo.yaml")
        defer { try? FileManager.default.removeItem(at: folder) }
        let client = try #require(generated.files.first { $0.name == "echo.Client.swift" }).contents
        // The operation named like the API gets a name of its own.
        #expect(client.contains("public func echoOperation(word: String) async throws(CallError<UnexpectedResponse>) -> String"))
        #expect(client.contains("public func shout(word: String) async throws(CallError<UnexpectedResponse>) -> String"))

        // Nine levels of nine aliases would stand for 9^9 values.
        var bomb = "openapi: 3.0.3\ninfo: { title: Bomb, version: \"1\" }\nx0: &a0 [lol]\n"
        for level in 1...9 {
            bomb += "x\(level): &a\(level) [" + Array(repeating: "*a\(level - 1)", count: 9).joined(separator: ", ") + "]\n"
        }
        bomb += "paths: {}\n"
        let error = #expect(throws: DiagnosticsError.self) { try generate(bomb, name: "bomb.yaml") }
        #expect(error?.diagnostics.first?.message == "aliases make the document hold more than 2000000 values")
        #expect(error?.diagnostics.first?.location?.line == 10)
    }

    @Test func aSwaggerDocumentIsRefusedAtItsVersion() throws {
        let folder = try makeTemporaryDirectory()
        defer { try? FileManager.default.removeItem(at: folder) }
        let file = folder.appendingPathComponent("old.yaml")
        try "info: { title: Old }\nswagger: \"2.0\"\npaths: {}\n".write(to: file, atomically: true, encoding: .utf8)

        let error = #expect(throws: DiagnosticsError.self) { try GeneratorPipeline.generate(specAt: file.path) }
        #expect(error?.description == "\(file.path):2:10: error: Swagger 2.0 documents are not imported yet; convert it to OpenAPI 3 first")
    }
}
