import Foundation
@testable import StrategyGenerator
import Testing

/// What a document says a caller may send reaches the caller as the document says it.
@Suite struct ImportFidelityTests {
    private func generate(_ text: String, name: String = "pets.yaml") throws -> GeneratedSpec {
        try generateDocument(text, name: name)
    }

    static let pets = """
        openapi: 3.0.3
        info: { title: Pets, version: "1" }
        servers: [{ url: https://pets.example.com }]
        paths:
          /pets/{petID}/touch:
            post:
              operationId: touchPet
              parameters:
                - { name: petId, in: path, required: true, schema: { type: integer } }
              requestBody:
                required: false
                content:
                  application/json:
                    schema: { $ref: "#/components/schemas/Note" }
              responses: { "204": { description: Touched. } }
          /pets:
            post:
              operationId: addPet
              requestBody:
                content:
                  application/json:
                    schema: { $ref: "#/components/schemas/Note" }
              responses: { "204": { description: Added. } }
        components:
          schemas:
            Note: { type: object, properties: { text: { type: string } } }
        """

    @Test func aBodyTheDocumentSaysIsNotRequiredIsOptionalAndSentOnlyWhenGiven() throws {
        let generated = try generate(Self.pets)
        let strategies = generated.source("Strategies")
        let client = generated.source("Client")

        #expect(strategies.contains("body: try input.body.map { try .json($0) }"))
        #expect(client.contains("public func touchPet(petID: Int, body: Note? = nil)"))
        // Left unsaid, a body is taken as needed.
        #expect(client.contains("public func addPet(body: Note)"))
    }

    @Test func aPathParameterSpelledOtherwiseThanItsPlaceholderFillsIt() throws {
        let generated = try generate(Self.pets)
        let strategies = generated.source("Strategies")

        #expect(strategies.contains(#""/pets/\(input.petID)/touch""#))
        #expect(generated.warnings.map(\.message) == ["path parameter 'petId' is written '{petID}' in the path '/pets/{petID}/touch'; it fills that placeholder (#/paths/~1pets~1{petID}~1touch/post)"])
    }

    @Test func bytesAreTheBodyWhereTheDocumentSaysBytesAndAWarningWhereItSaysMore() throws {
        let generated = try generate("""
            openapi: 3.1.0
            info: { title: Pets, version: "1" }
            servers: [{ url: https://pets.example.com }]
            paths:
              /photo:
                put:
                  operationId: putPhoto
                  requestBody:
                    content: { image/jpeg: { schema: { type: string, contentEncoding: base64 } } }
                  responses: { "204": { description: Stored. } }
              /import:
                post:
                  operationId: importPets
                  requestBody:
                    content: { application/octet-stream: { schema: { contentMediaType: application/x-ndjson } } }
                  responses: { "204": { description: Imported. } }
              /pet:
                post:
                  operationId: addPet
                  requestBody:
                    content: { application/xml: { schema: { type: object, properties: { name: { type: string } } } } }
                  responses: { "204": { description: Added. } }
            """)
        let strategies = generated.source("Strategies")

        #expect(strategies.contains(#"body: .data(input.body, contentType: "image/jpeg")"#))
        #expect(strategies.contains(#"body: .data(input.body, contentType: "application/octet-stream")"#))
        #expect(generated.warnings.map(\.message) == [
            "the request body's schema has a form the spec format can't send yet; it is sent as the bytes the caller gives (#/paths/~1pet/post/requestBody/content/application~1xml/schema)",
        ])
    }

    @Test func anAllOfOfAUnionAndAnObjectIsAUnionOfEachMemberWithTheObjectsFields() throws {
        let generated = try generate("""
            openapi: 3.0.3
            info: { title: Pets, version: "1" }
            servers: [{ url: https://pets.example.com }]
            paths:
              /pet:
                post:
                  operationId: addPet
                  requestBody: { content: { application/json: { schema: { $ref: "#/components/schemas/OwnedPet" } } } }
                  responses:
                    "200": { description: A pet., content: { application/json: { schema: { $ref: "#/components/schemas/OwnedPet" } } } }
            components:
              schemas:
                Cat: { type: object, required: [type], properties: { type: { type: string }, purrs: { type: boolean } } }
                Dog: { type: object, required: [type], properties: { type: { type: string }, barks: { type: boolean } } }
                Pet: { oneOf: [{ $ref: "#/components/schemas/Cat" }, { $ref: "#/components/schemas/Dog" }, { type: string }] }
                OwnedPet:
                  description: A pet and its owner.
                  allOf:
                    - $ref: "#/components/schemas/Pet"
                    - { type: object, required: [owner], properties: { owner: { type: string } } }
            """)
        let models = generated.source("Models")

        #expect(generated.source("Client").contains("-> OwnedPet"))
        #expect(models.contains("/// A pet and its owner.\npublic enum OwnedPet: Codable, Sendable {\n    case ownedPetCat(OwnedPetCat)\n    case ownedPetDog(OwnedPetDog)\n"))
        #expect(models.contains("public struct OwnedPetCat: Codable, Sendable {\n    public var type: String\n    public var purrs: Bool?\n    public var owner: String\n"))
        #expect(models.contains("public struct OwnedPetDog: Codable, Sendable {\n    public var type: String\n    public var barks: Bool?\n    public var owner: String\n"))
        #expect(generated.warnings.map(\.message) == [
            "member 2 of the 'oneOf' in 'allOf' part 0 is not an object, so no value is it and the other parts' object; it is left out (#/components/schemas/OwnedPet/allOf/0/oneOf/2)",
        ])
    }

    @Test func aJSONResponseShownOnlyByExampleIsAnyJSONAndItsExampleAnswersInTheStubs() throws {
        let generated = try generate("""
            openapi: 3.0.3
            info: { title: Versions, version: "1" }
            servers: [{ url: https://versions.example.com }]
            paths:
              /:
                get:
                  operationId: listVersions
                  responses:
                    "200":
                      description: The versions.
                      content:
                        application/json:
                          examples:
                            current: { value: { versions: [{ id: v2.0, status: CURRENT }] } }
              /ping:
                get:
                  operationId: ping
                  responses:
                    "200": { description: Pong., content: { application/json: {} } }
            """)
        let strategies = generated.source("Strategies")
        let stubs = generated.source("Stubs")

        #expect(strategies.contains("public struct ListVersions: Strategy {\n    public typealias Output = JSONValue"))
        #expect(stubs.contains(#""id": "v2.0""#))
        // Without an example, a body without a schema may well be empty: nothing is decoded.
        #expect(strategies.contains("public struct Ping: Strategy {\n    public typealias Output = Void"))
    }
}
