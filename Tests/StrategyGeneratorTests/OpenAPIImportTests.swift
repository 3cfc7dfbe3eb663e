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
            - { name: "my session", in: cookie, schema: { type: string } }
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
            - { name: trace, in: cookie, required: true, schema: { type: array, items: { type: array, items: { type: string } } } }
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

    /// Writes the generated files into `folder` and type-checks them against the runtime.
    private func expectCompilesWithoutWarnings(_ generated: GeneratedSpec, in folder: URL, sourceLocation: Testing.SourceLocation = #_sourceLocation) async throws {
        try OutputWriter.write(generated.files, to: folder)
        let sources = generated.files.map { folder.appendingPathComponent($0.name).path }
        let result = try await run("swiftc", ["-swift-version", "6", "-typecheck", "-I", Paths.modules.path] + sources)
        #expect(result.status == 0, "\(result.standardError)", sourceLocation: sourceLocation)
        #expect(!result.standardError.contains("warning:"), "\(result.standardError)", sourceLocation: sourceLocation)
    }

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
            "shop.yaml:10:11: warning: path parameter 'petID' is written '{petId}' in the path '/pets/{petId}'; it fills that placeholder (#/paths/~1pets~1{petId}/get)",
            "shop.yaml:11:11: warning: cookie 'my session' has a name a cookie can't have; it is left out (#/paths/~1pets~1{petId}/get/parameters/1)",
            "shop.yaml:22:11: warning: parameter 'trace' has a type the spec format can't send yet; the operation is left out (#/paths/~1pets/post/parameters/0)",
            "shop.yaml:28:11: warning: parameter 'filter' has a type the spec format can't send yet; the operation is left out (#/paths/~1pets/get/parameters/0)",
            "shop.yaml:28:62: warning: 'other.yaml#/Filter' can't be read (there is no file at this path); what uses it is left out (#/paths/~1pets/get/parameters/0/schema)",
        ])
        #expect(generated.warnings.allSatisfy { $0.severity == .warning })
    }

    @Test func namesBecomeSwiftOnesThatDontClash() throws {
        let (generated, folder) = try generate(Self.sloppy, name: "shop.yaml")
        defer { try? FileManager.default.removeItem(at: folder) }
        let models = try #require(generated.files.first { $0.name == "shop.Models.swift" }).contents
        let client = try #require(generated.files.first { $0.name == "shop.Client.swift" }).contents

        #expect(client.contains("public struct PetShopTheAPIClient"))
        #expect(client.contains("public func getPet(petId: Int64) async throws(CallError<UnexpectedResponse>) -> Pet"))
        // `Error` and `Self` clash with Swift's names, and no operation uses them: not generated.
        #expect(!models.contains("ErrorModel") && !models.contains("SelfModel"))
        #expect(models.contains("public let myTag: String?") && models.contains("public let myTag2: String?"))
        #expect(models.contains(#"self.myTag2 = try container.decode(String?.self, forKey: "myTag")"#) || models.contains(#"self.myTag2 = try container.decodeIfPresent(String.self, forKey: "myTag")"#))
        #expect(models.contains(#"public static var noneValue: Self { Self("none") }"#))
        #expect(models.contains(#"public static var dog: Self { Self("dog") }"#) && models.contains(#"public static var dog2: Self { Self("Dog") }"#))
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
            "parameters": [{"name": "q", "in": "query", "schema": {"type": "array", "items": {"type": "array", "items": {"type": "string"}}}}],
            "responses": {"200": {"description": "Notes.", "content": {"application/json": {"schema": {"type": "array", "items": {"$ref": "#/components/schemas/Note"}}}}}}
          }
        }
      },
      "components": {"schemas": {"Note": {"type": "object", "required": ["text"], "properties": {"text": {"type": "string"}, "at": {"type": ["string", "null"], "format": "date-time"}}}}}
    }
    """

    @Test(arguments: [("shop.yaml", sloppy), ("notes.json", sloppyJSON), ("kennel.yaml", swagger)])
    func whatIsImportedCompilesWithoutWarnings(name: String, text: String) async throws {
        let (generated, folder) = try generate(text, name: name)
        defer { try? FileManager.default.removeItem(at: folder) }
        try await expectCompilesWithoutWarnings(generated, in: folder)
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

    /// A Swagger 2.0 document with a body, a form with a file, shared parameters and responses,
    /// and a property the spec format can't say.
    static let swagger = """
    swagger: "2.0"
    info: { title: Kennel, version: "1" }
    host: kennel.example.com
    basePath: /v2
    schemes: [https, http]
    consumes: [application/json]
    produces: [application/json]
    securityDefinitions:
      key: { type: apiKey, in: query, name: api_key }
      login: { type: basic }
    security: [{ key: [] }]
    parameters:
      dogId: { name: dogId, in: path, required: true, type: integer, format: int64 }
    responses:
      NotFound: { description: No such dog., schema: { $ref: "#/definitions/Problem" } }
    paths:
      /dogs:
        get:
          operationId: listDogs
          parameters:
            - { name: tags, in: query, type: array, items: { type: string }, collectionFormat: csv }
            - { name: X-Trace, in: header, type: string }
          responses:
            "200": { description: Dogs., schema: { type: array, items: { $ref: "#/definitions/Dog" } } }
        post:
          operationId: addDog
          security: [{ login: [] }]
          parameters:
            - { name: dog, in: body, required: true, schema: { $ref: "#/definitions/Dog" } }
          responses:
            "201": { description: Added., schema: { $ref: "#/definitions/Dog" } }
      /dogs/{dogId}:
        parameters: [{ $ref: "#/parameters/dogId" }]
        get:
          operationId: getDog
          responses:
            "200": { description: A dog., schema: { $ref: "#/definitions/Dog" } }
            "404": { $ref: "#/responses/NotFound" }
      /dogs/{dogId}/photo:
        post:
          operationId: uploadPhoto
          consumes: [multipart/form-data]
          parameters:
            - { $ref: "#/parameters/dogId" }
            - { name: caption, in: formData, type: string }
            - { name: file, in: formData, required: true, type: file }
          responses:
            "204": { description: Stored. }
    definitions:
      Dog:
        type: object
        required: [name, owner]
        properties:
          id: { type: integer, format: int64 }
          name: { type: string }
          owner: { type: string, x-nullable: true }
          photo: { type: file }
      Problem:
        type: object
        properties:
          message: { type: string }
    """

    @Test func aSwaggerDocumentImportsAsItsOpenAPIEquivalent() throws {
        let (generated, folder) = try generate(Self.swagger, name: "kennel.yaml")
        defer { try? FileManager.default.removeItem(at: folder) }
        let file = folder.appendingPathComponent("kennel.yaml").path
        let client = try #require(generated.files.first { $0.name == "kennel.Client.swift" }).contents
        let strategies = try #require(generated.files.first { $0.name == "kennel.Strategies.swift" }).contents
        let models = try #require(generated.files.first { $0.name == "kennel.Models.swift" }).contents

        // A file in a JSON model can only be text.
        #expect(generated.warnings.map { $0.description.replacingOccurrences(of: file, with: "kennel.yaml") } == [])
        #expect(client.contains(#"case .production:\#n                Server(scheme: "https", host: "kennel.example.com", basePath: "/v2")"#))
        #expect(client.contains(#"case .server2:\#n                Server(scheme: "http", host: "kennel.example.com", basePath: "/v2")"#))
        #expect(client.contains("public func listDogs(\n        tags: [String]? = nil,\n        xTrace: String? = nil\n    ) async throws(CallError<KennelError>) -> [Dog]"))
        #expect(client.contains("public func addDog(body: Dog) async throws(CallError<KennelError>) -> Dog"))
        #expect(client.contains("public func getDog(dogId: Int64) async throws(CallError<KennelError>) -> Dog"))
        #expect(client.contains("public func uploadPhoto(\n        dogId: Int64,\n        caption: String? = nil,\n        file: RequestBody.File\n    )"))
        #expect(client.contains("public func key(_ key: String) -> Builder") && client.contains(#"public func login(username: String, password: String = "") -> Builder"#))
        #expect(strategies.contains(".multipart("))
        #expect(models.contains("public var owner: String?") && models.contains(#"try container.encode(owner, forKey: "owner")"#) && models.contains("public var photo: String?"))
        let errors = try #require(generated.files.first { $0.name == "kennel.Errors.swift" }).contents
        #expect(errors.contains("case notFound(Problem?)"))
    }

    /// A document split over files: a path item, a parameter and schemas in others, a schema that
    /// refers to its own file, and references that lead nowhere.
    static let splitDocument: [(String, String)] = [
        ("api.yaml", """
        openapi: 3.0.3
        info: { title: Split, version: "1" }
        servers: [{ url: https://split.example.com }]
        paths:
          /droplets:
            $ref: paths/droplets.yaml
          /missing:
            $ref: paths/nowhere.yaml
        components:
          schemas:
            droplet: { type: object, properties: { note: { type: string } } }
        """),
        ("paths/droplets.yaml", """
        get:
          operationId: listDroplets
          parameters:
            - $ref: '../parameters.yaml#/per_page'
          responses:
            "200":
              description: Droplets.
              content:
                application/json:
                  schema: { type: array, items: { $ref: '../models/droplet.yaml' } }
            "404":
              description: Not there.
              content:
                application/json:
                  schema: { $ref: '../models/errors.yaml#/components/schemas/problem' }
        """),
        ("parameters.yaml", "per_page: { name: per_page, in: query, schema: { type: integer } }\n"),
        ("models/droplet.yaml", """
        type: object
        required: [id]
        properties:
          id: { type: integer }
          children: { type: array, items: { $ref: 'droplet.yaml' } }
          problem: { $ref: 'errors.yaml#/components/schemas/problem' }
          gone: { $ref: 'errors.yaml#/components/schemas/gone' }
        """),
        ("models/errors.yaml", "components:\n  schemas:\n    problem: { type: object, properties: { message: { type: string } } }\n"),
    ]

    @Test func aDocumentSplitOverFilesIsReadAsOne() async throws {
        let folder = try makeTemporaryDirectory()
        defer { try? FileManager.default.removeItem(at: folder) }
        for (name, text) in Self.splitDocument {
            let file = folder.appendingPathComponent(name)
            try FileManager.default.createDirectory(at: file.deletingLastPathComponent(), withIntermediateDirectories: true)
            try text.write(to: file, atomically: true, encoding: .utf8)
        }
        let generated = try GeneratorPipeline.generate(specAt: folder.appendingPathComponent("api.yaml").path)
        let client = try #require(generated.files.first { $0.name == "api.Client.swift" }).contents
        let models = try #require(generated.files.first { $0.name == "api.Models.swift" }).contents

        #expect(generated.warnings.map { $0.description.replacingOccurrences(of: folder.path + "/", with: "") } == [
            "api.yaml:8:5: warning: 'paths/nowhere.yaml' can't be read (there is no file at this path); what uses it is left out (#/paths/~1missing)",
            "models/droplet.yaml:7:9: warning: 'errors.yaml#/components/schemas/gone' names no part of its file; what uses it is left out (#/properties/gone)",
        ])
        #expect(client.contains("public func listDroplets(perPage: Int? = nil) async throws(CallError<SplitError>) -> [Droplet2]"))
        #expect(models.contains("public let children: [Droplet2]?") && models.contains("public let problem: Problem?"))
        #expect(!client.contains("missing"))
        let errors = try #require(generated.files.first { $0.name == "api.Errors.swift" }).contents
        #expect(errors.contains("case notFound(Problem?)"))

        try await expectCompilesWithoutWarnings(generated, in: folder)
    }

    @Test func aConfigurationSelectsOperationsAndOnlyTheSchemasTheyReachAreGenerated() async throws {
        let folder = try makeTemporaryDirectory()
        defer { try? FileManager.default.removeItem(at: folder) }
        let document = folder.appendingPathComponent("zoo.yaml")
        try """
        openapi: 3.0.3
        info: { title: Zoo, version: "1" }
        servers: [{ url: https://zoo.example.com }]
        paths:
          /animals:
            get:
              operationId: listAnimals
              tags: [animals]
              responses:
                "200": { description: All., content: { application/json: { schema: { type: array, items: { $ref: "#/components/schemas/Animal" } } } } }
          /animals/{id}:
            parameters: [{ $ref: "#/components/parameters/id" }]
            get:
              operationId: getAnimal
              responses:
                "200": { $ref: "#/components/responses/One" }
            delete:
              operationId: removeAnimal
              responses:
                "204": { description: Gone. }
          /keepers:
            get:
              operationId: listKeepers
              tags: [staff]
              responses:
                "200": { description: All., content: { application/json: { schema: { type: array, items: { $ref: "#/components/schemas/Keeper" } } } } }
        components:
          parameters:
            id: { name: id, in: path, required: true, schema: { $ref: "#/components/schemas/AnimalId" } }
          responses:
            One: { description: One., content: { application/json: { schema: { $ref: "#/components/schemas/Animal" } } } }
          schemas:
            AnimalId: { type: string, enum: [a1, a2] }
            Animal:
              type: object
              properties:
                name: { type: string }
                habitat: { $ref: "#/components/schemas/Habitat" }
            Habitat: { type: object, properties: { climate: { type: string } } }
            Keeper: { type: object, properties: { name: { type: string } } }
        """.write(to: document, atomically: true, encoding: .utf8)
        let config = try ConfigLoader.load(text: """
            operations:
              tags: [animals, birds]
              operationIds: [getAnimal]
              paths: ["/animals/{id}/photos"]
            """, file: "config.yaml")

        let generated = try GeneratorPipeline.generate(specAt: document.path, config: config)
        let client = try #require(generated.files.first { $0.name == "zoo.Client.swift" }).contents
        let models = try #require(generated.files.first { $0.name == "zoo.Models.swift" }).contents

        #expect(generated.warnings.map(\.description) == [
            "config.yaml:2:19: warning: tag 'birds' under 'operations' selects no operation of zoo.yaml",
            "config.yaml:4:11: warning: path prefix '/animals/{id}/photos' under 'operations' selects no operation of zoo.yaml",
        ])
        #expect(client.contains("public func getAnimal(id: AnimalId)") && client.contains("-> [Animal]"))
        #expect(!client.contains("removeAnimal") && !client.contains("listKeepers"))
        #expect(models.contains("public struct Animal:") && models.contains("public struct Habitat:") && models.contains("public struct AnimalId:"))
        #expect(!models.contains("Keeper"))

        let all = try GeneratorPipeline.generate(specAt: document.path, config: ConfigLoader.load(text: "operations: { paths: [/animals] }", file: "config.yaml"))
        let allClient = try #require(all.files.first { $0.name == "zoo.Client.swift" }).contents
        #expect(allClient.contains("removeAnimal") && !allClient.contains("listKeepers"))
    }

    @Test func extensionsSayWhatOpenAPICantAndAFaultyOneIsLeftOutWithAWarning() throws {
        let document = """
        openapi: 3.0.3
        info: { title: Wall, version: "1" }
        servers: [{ url: https://wall.example.com }]
        x-strategykit-unwrap: response
        x-strategykit-errors:
          when: { bodyHasKey: error }
          code: error.error_code
          cases: { invalidToken: 5 }
          status: { 404: missing }
        paths:
          /posts:
            get:
              operationId: listPosts
              responses:
                "200": { description: Posts., content: { application/json: { schema: { type: object, properties: { response: { type: array, items: { type: string } } } } } } }
                "404": { description: None. }
          /count:
            get:
              operationId: countPosts
              x-strategykit-unwrap: response.total
              responses:
                "200": { description: Count., content: { application/json: { schema: { type: object, properties: { response: { type: object, properties: { count: { type: integer } } } } } } } }
          /health:
            get:
              operationId: health
              responses:
                "200": { description: Health., content: { application/json: { schema: { type: object, properties: { ok: { type: boolean } } } } } }
        """
        let (generated, folder) = try generate(document, name: "wall.yaml")
        defer { try? FileManager.default.removeItem(at: folder) }
        let file = folder.appendingPathComponent("wall.yaml").path
        let strategies = try #require(generated.files.first { $0.name == "wall.Strategies.swift" }).contents
        let errors = try #require(generated.files.first { $0.name == "wall.Errors.swift" }).contents

        #expect(generated.warnings.map { $0.description.replacingOccurrences(of: file, with: "wall.yaml") } == [
            "wall.yaml:20:29: warning: 'x-strategykit-unwrap' names 'response.total', which is not a key path of the response's schema; the whole body is returned (#/paths/~1count/get/responses/200/content/application~1json/schema)",
        ])
        #expect(strategies.contains("public typealias Output = [String]") && strategies.contains(#"public var outputPath: String? { "response" }"#))
        #expect(strategies.components(separatedBy: "outputPath").count == 2, "the operation whose key path is wrong, and the one without it, return the whole body")
        #expect(errors.contains("case invalidToken") && errors.contains("case missing") && !errors.contains("case notFound"))
        #expect(errors.contains(#".and(.bodyLacksKey("error"))"#))

        let faulty = document.replacingOccurrences(of: "  cases: { invalidToken: 5 }", with: "  cases: { invalidToken: 5 }\n  codes: []")
        let (withFault, faultFolder) = try generate(faulty, name: "wall.yaml")
        defer { try? FileManager.default.removeItem(at: faultFolder) }
        let faultFile = faultFolder.appendingPathComponent("wall.yaml").path
        #expect(withFault.warnings.first.map { $0.description.replacingOccurrences(of: faultFile, with: "wall.yaml") }
            == "wall.yaml:9:3: warning: unknown key 'codes' in error type 'WallError'; did you mean 'code'?; 'x-strategykit-errors' is left out")
        let plainErrors = try #require(withFault.files.first { $0.name == "wall.Errors.swift" }).contents
        #expect(plainErrors.contains("case notFound") && !plainErrors.contains("bodyLacksKey"))
    }

    @Test func aUnionTheDiscriminatorCantTellApartIsTriedInOrderWithAWarning() throws {
        let document = """
        openapi: 3.0.3
        info: { title: Zoo, version: "1" }
        servers: [{ url: https://zoo.example.com }]
        paths:
          /animals:
            get:
              operationId: listAnimals
              responses: { "200": { description: All., content: { application/json: { schema: { type: array, items: { $ref: "#/components/schemas/Animal" } } } } } }
        components:
          schemas:
            Animal:
              oneOf: [{ $ref: "#/components/schemas/Cat" }, { $ref: "#/components/schemas/Dog" }, { type: string }, { type: string, format: byte }]
              discriminator: { propertyName: kind }
            Cat: { type: object, required: [kind], properties: { kind: { type: string } } }
            Dog: { type: object, properties: { kind: { type: string } } }
        """
        let (generated, folder) = try generate(document, name: "zoo.yaml")
        defer { try? FileManager.default.removeItem(at: folder) }
        let file = folder.appendingPathComponent("zoo.yaml").path
        let models = try #require(generated.files.first { $0.name == "zoo.Models.swift" }).contents

        #expect(generated.warnings.map { $0.description.replacingOccurrences(of: file, with: "zoo.yaml") } == [
            "zoo.yaml:12:109: warning: member 3 of 'oneOf' would be a second case 'string'; it is left out (#/components/schemas/Animal/oneOf/3)",
            "zoo.yaml:13:38: warning: discriminator 'kind' can't name every member of 'oneOf'; they are tried in order (#/components/schemas/Animal/discriminator)",
        ])
        #expect(models.contains("public enum Animal: Decodable, Sendable {\n    case cat(Cat)\n    case dog(Dog)\n    case string(String)\n"))
        #expect(models.contains("if let value = try? Cat(from: decoder)") && !models.contains("unknown(JSONValue)"))
    }

    /// Paging, nested keys and another host for one operation, and extensions with faults.
    static let shop = """
        openapi: 3.0.3
        info: { title: Shop, version: "1" }
        servers: [{ url: https://api.shop.example.com/v1 }]
        x-strategykit-errors:
          when: { bodyHasKey: error }
          code: error.code
          cases: { closed: 3, shut: 3 }
        paths:
          /charges:
            get:
              operationId: listCharges
              x-strategykit-pagination: { style: afterLastItem, parameter: starting_after, items: data, hasMore: has_more, id: id }
              parameters:
                - { name: starting_after, in: query, schema: { type: string } }
                - { name: created, in: query, style: deepObject, schema: { type: object, properties: { gte: { type: integer }, lte: { type: integer } } } }
                - { name: metadata, in: query, style: deepObject, schema: { type: object, additionalProperties: { type: string } } }
              responses:
                "200":
                  description: A page.
                  content:
                    application/json:
                      schema:
                        type: object
                        required: [data, has_more]
                        properties:
                          data: { type: array, items: { $ref: "#/components/schemas/Charge" } }
                          has_more: { type: boolean }
            post:
              operationId: createCharge
              requestBody:
                content:
                  application/x-www-form-urlencoded:
                    schema:
                      type: object
                      required: [amount]
                      properties:
                        amount: { type: integer }
                        metadata: { type: object, additionalProperties: { type: string } }
                        shipping: { type: object, properties: { name: { type: string }, address: { type: object, properties: { line1: { type: string } } } } }
                    encoding: { metadata: { style: deepObject, explode: true }, shipping: { style: deepObject, explode: true } }
              responses:
                "200": { description: Made., content: { application/json: { schema: { $ref: "#/components/schemas/Charge" } } } }
          /events:
            get:
              operationId: listEvents
              x-strategykit-pagination: { style: cursor, parameter: nope, next: next_cursor }
              responses:
                "200": { description: Events., content: { application/json: { schema: { type: array, items: { type: string } } } } }
          /files:
            post:
              operationId: createFile
              servers: [{ url: https://files.shop.example.com/v1 }]
              requestBody: { content: { multipart/form-data: { schema: { type: object, properties: { file: { type: string, format: binary } } } } } }
              responses: { "200": { description: Stored. } }
        components:
          schemas:
            Charge: { type: object, required: [id], properties: { id: { type: string }, amount: { type: integer } } }
        """

    @Test func pagingNestedKeysAndAnOperationsOwnServerImportAndAFaultyExtensionCostsOnlyItself() async throws {
        let (generated, folder) = try generate(Self.shop, name: "shop.yaml")
        defer { try? FileManager.default.removeItem(at: folder) }
        let file = folder.appendingPathComponent("shop.yaml").path
        let strategies = try #require(generated.files.first { $0.name == "shop.Strategies.swift" }).contents
        let client = try #require(generated.files.first { $0.name == "shop.Client.swift" }).contents

        #expect(generated.warnings.map { $0.description.replacingOccurrences(of: file, with: "shop.yaml") } == [
            "shop.yaml:7:29: warning: case 'shut' of error type 'ShopError' has the code of case 'closed'; each code may name one case; 'x-strategykit-errors' is left out",
            "shop.yaml:46:61: warning: 'nope' is not a query parameter of strategy 'ListEvents'; 'x-strategykit-pagination' is left out",
        ])
        #expect(strategies.contains(#".afterLastItem(\.startingAfter, hasMore: "has_more", items: "data")"#))
        #expect(client.contains("public func listChargesPages(") && !client.contains("listEventsPages"))
        #expect(strategies.contains(#""created": DeepObject(input.created),"#) && strategies.contains(#""metadata": input.metadata,"#))
        #expect(strategies.contains(#""shipping": DeepObject(input.shipping),"#))
        #expect(strategies.contains(#"public var server: Server? { Server(scheme: "https", host: "files.shop.example.com", basePath: "/v1") }"#))
        #expect(!generated.files.contains { $0.name == "shop.Errors.swift" && $0.contents.contains("enum ShopError") })

        try await expectCompilesWithoutWarnings(generated, in: folder)
    }

    @Test func aSwaggerDocumentOfAnotherVersionIsRefusedAtItsVersion() throws {
        let folder = try makeTemporaryDirectory()
        defer { try? FileManager.default.removeItem(at: folder) }
        let file = folder.appendingPathComponent("old.yaml")
        try "info: { title: Old }\nswagger: \"1.2\"\npaths: {}\n".write(to: file, atomically: true, encoding: .utf8)

        let error = #expect(throws: DiagnosticsError.self) { try GeneratorPipeline.generate(specAt: file.path) }
        #expect(error?.description == "\(file.path):2:10: error: only Swagger 2.0 and OpenAPI 3.0 and 3.1 documents are imported; found swagger version '1.2'")
    }

    @Test func aSuccessThatIsNoJSONReturnsTheBodysBytesUnlessAnotherSuccessIsJSON() throws {
        let (generated, folder) = try generate("""
        openapi: 3.1.0
        info: { title: Museum, version: "1" }
        servers: [{ url: https://museum.example.com }]
        paths:
          /tickets/{ticketId}/qr:
            get:
              operationId: getTicketCode
              parameters: [{ name: ticketId, in: path, required: true, schema: { type: string } }]
              responses:
                "200": { description: A QR code., content: { image/png: { schema: { type: string, format: binary } } } }
          /reports:
            get:
              operationId: getReport
              responses:
                "200": { description: CSV., content: { text/csv: { schema: { type: string } } } }
                "203": { description: JSON., content: { application/json: { schema: { type: integer } } } }
        """, name: "museum.yaml")
        defer { try? FileManager.default.removeItem(at: folder) }
        let client = try #require(generated.files.first { $0.name == "museum.Client.swift" }).contents

        #expect(generated.warnings.isEmpty)
        #expect(client.contains("public func getTicketCode(ticketId: String) async throws(CallError<UnexpectedResponse>) -> Data"))
        #expect(client.contains("public func getReport() async throws(CallError<UnexpectedResponse>) -> Int"))
    }

    @Test func cookieParametersAreInputsAndAnAPIKeyInACookieIsACredential() throws {
        let (generated, folder) = try generate("""
        openapi: 3.0.3
        info: { title: Shop, version: "1" }
        servers: [{ url: https://shop.example.com }]
        paths:
          /cart:
            get:
              operationId: getCart
              security: [{ session: [] }]
              parameters:
                - { name: theme, in: cookie, schema: { type: string } }
                - { name: visits, in: cookie, required: true, schema: { type: integer } }
                - { name: prefs, in: cookie, schema: { type: object, properties: { a: { type: object, properties: { b: { type: string } } } } } }
                - { name: recent, in: cookie, explode: false, schema: { type: array, items: { type: string } } }
              responses: { "204": { description: Empty. } }
        components:
          securitySchemes:
            session: { type: apiKey, in: cookie, name: session_id }
        """, name: "shop.yaml")
        defer { try? FileManager.default.removeItem(at: folder) }
        let strategies = try #require(generated.files.first { $0.name == "shop.Strategies.swift" }).contents
        let client = try #require(generated.files.first { $0.name == "shop.Client.swift" }).contents
        let warnings = generated.warnings.map { $0.description.replacingOccurrences(of: folder.appendingPathComponent("shop.yaml").path, with: "shop.yaml") }

        #expect(warnings == ["shop.yaml:12:11: warning: parameter 'prefs' has a type the spec format can't send yet; it is left out (#/paths/~1cart/get/parameters/2)"])
        #expect(strategies.contains(#""recent": input.recent.map { Styled($0, .form) },"#))
        #expect(strategies.contains(#""theme": input.theme,"#) && strategies.contains(#""visits": input.visits,"#))
        #expect(client.contains("recent: [String]? = nil"))
        #expect(client.contains(#".apiKey(name: "session_id", value: key, in: .cookie)"#))
    }

    @Test func rangesAndDefaultBecomeCasesAfterTheExactStatusesWithThePayloadsOperationsGive() throws {
        let (generated, folder) = try generate("""
        openapi: 3.1.0
        info: { title: Shop, version: "1" }
        servers: [{ url: https://shop.example.com }]
        paths:
          /a:
            get:
              operationId: getA
              responses:
                "204": { description: Done. }
                "4XX": { description: Refused., content: { application/json: { schema: { $ref: "#/components/schemas/Problem" } } } }
                "5XX": { description: Failed., content: { application/json: { schema: { $ref: "#/components/schemas/Problem" } } } }
                "409": { description: Conflict. }
                default: { description: Other., content: { application/json: { schema: { $ref: "#/components/schemas/Problem" } } } }
          /b:
            get:
              operationId: getB
              responses:
                "204": { description: Done. }
                "5XX": { description: Failed. }
                default: { description: Other., content: { application/json: { schema: { type: string } } } }
        components:
          schemas:
            Problem: { type: object, required: [title], properties: { title: { type: string } } }
        """, name: "shop.yaml")
        defer { try? FileManager.default.removeItem(at: folder) }
        let errors = try #require(generated.files.first { $0.name == "shop.Errors.swift" }).contents

        #expect(generated.warnings.isEmpty)
        // getA's 409 has no body; getB doesn't declare 409 and answers it as its default says,
        // with text: the case decodes the text and keeps the body as it came.
        #expect(errors.contains("case conflict(String?, body: Data)"))
        // getA's 4xx are a Problem, getB's its default's text: either reaches the caller.
        #expect(errors.contains("case clientError(statusCode: Int, ErrorBody?, body: Data)"))
        // One operation gives a 5XX a Problem, the other no body: the case keeps the body as it came too.
        #expect(errors.contains("case serverError(statusCode: Int, Problem?, body: Data)"))
        // `default` is a Problem in one operation and text in the other, as the 4xx are: one union.
        #expect(errors.contains("case otherError(statusCode: Int, ErrorBody, body: Data)"))
        let models = try #require(generated.files.first { $0.name == "shop.Models.swift" }).contents
        #expect(models.contains("public enum ErrorBody: Decodable, Equatable, Sendable {\n    case problem(Problem)\n    case string(String)"))
        let conflict = try #require(errors.range(of: "case 409:")), clientErrors = try #require(errors.range(of: "case 400...499:"))
        #expect(conflict.lowerBound < clientErrors.lowerBound)
    }
}
