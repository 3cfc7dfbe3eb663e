import Foundation
@testable import StrategyGenerator
import Testing

/// An imported client declares a type once however often the document writes it out, and its
/// names read like hand-written Swift.
@Suite struct ImportedNamesTests {
    private func generate(_ text: String, name: String = "forum.yaml") throws -> GeneratedSpec {
        try generateDocument(text, name: name)
    }

    private func count(_ text: String, in source: String) -> Int {
        source.components(separatedBy: text).count - 1
    }

    static let forum = """
        openapi: 3.0.3
        info: { title: Forum, version: "1" }
        servers: [{ url: https://forum.example.com }]
        paths:
          /answers:
            get:
              operationId: GET_answers
              parameters:
                - { name: order, in: query, schema: { type: string, enum: [asc, desc] } }
              responses:
                "200":
                  description: Answers.
                  content:
                    application/json:
                      schema:
                        type: array
                        items:
                          type: object
                          properties:
                            owner: { type: object, properties: { name: { type: string }, reputation: { type: integer } } }
          /badges:
            get:
              operationId: GETBadges
              parameters:
                - { name: order, in: query, description: The order of the badges., schema: { type: string, enum: [asc, desc] } }
              responses:
                "200":
                  description: Badges.
                  content:
                    application/json:
                      schema:
                        type: array
                        items:
                          type: object
                          properties:
                            owner: { type: object, properties: { name: { type: string }, reputation: { type: integer } } }
                            author: { $ref: "#/components/schemas/Author" }
                            editor: { $ref: "#/components/schemas/Editor" }
        components:
          schemas:
            Author: { type: object, properties: { name: { type: string } } }
            Editor: { type: object, properties: { name: { type: string } } }
        """

    @Test func inlineSchemasWrittenOutAgainAreOneTypeNamedByTheWordsTheyShare() throws {
        let generated = try generate(Self.forum)
        let models = generated.source("Models")
        let strategies = generated.source("Strategies")

        #expect(count("public struct Order: OpenEnum", in: models) == 1)
        #expect(!models.contains("GetAnswersOrder") && !models.contains("GetBadgesOrder"))
        #expect(count("public var order: Order?", in: strategies) == 2)
        // Items alike whose fields were alike only once their owners were one are one too.
        #expect(count("public let owner: Owner?", in: models) == 2 && count("public struct Owner: Decodable", in: models) == 1)
        #expect(count(": Decodable, Sendable {", in: models) == 5)
    }

    @Test func componentSchemasTheDocumentDefinesAlikeKeepTheirNames() throws {
        let models = try generate(Self.forum).source("Models")

        #expect(models.contains("public struct Author: Decodable, Sendable") && models.contains("public struct Editor: Decodable, Sendable"))
        #expect(models.contains("public let author: Author?") && models.contains("public let editor: Editor?"))
    }

    @Test func anOperationIdThatStartsWithItsMethodInCapitalsReadsAsAWord() throws {
        let strategies = try generate(Self.forum).source("Strategies")

        #expect(strategies.contains("public struct GetAnswers: Strategy") && strategies.contains("public struct GetBadges: Strategy"))
        #expect(OpenAPIImporter.methodCased("POSTAL_codes") == "POSTAL_codes")
        #expect(OpenAPIImporter.methodCased("PUT_marketing_singlesends") == "put_marketing_singlesends")
        #expect(OpenAPIImporter.methodCased("DELETEUser") == "deleteUser")
    }

    @Test func anOperationIdKeepsItsTagsPrefixOutWhereTheRestIsNamedOnce() throws {
        let generated = try generate("""
            openapi: 3.0.3
            info: { title: Forge, version: "1" }
            servers: [{ url: https://forge.example.com }]
            paths:
              /app:
                get: { operationId: apps/get-authenticated, tags: [apps], responses: { "204": { description: None. } } }
              /user:
                get: { operationId: users/get-authenticated, tags: [users], responses: { "204": { description: None. } } }
              /apps:
                get: { operationId: apps/list-installations, tags: [apps], responses: { "204": { description: None. } } }
              /apps/{id}:
                get:
                  operationId: apps/get
                  tags: [apps]
                  parameters: [{ name: id, in: path, required: true, schema: { type: string } }]
                  responses: { "204": { description: None. } }
            """)
        let client = generated.source("Client")

        #expect(client.contains("public protocol AppsAPI") && client.contains("func listInstallations()"))
        // Both tags would leave `getAuthenticated`, and one word says too little: kept whole.
        #expect(client.contains("func appsGetAuthenticated()") && client.contains("func usersGetAuthenticated()"))
        #expect(client.contains("func appsGet(id: String)"))
    }

    @Test func aParameterNamedLikeItsMethodDoesntHideTheMethod() throws {
        let client = try generate("""
            openapi: 3.0.3
            info: { title: Notes, version: "1" }
            servers: [{ url: https://notes.example.com }]
            paths:
              /notes:
                post:
                  operationId: note
                  tags: [notes]
                  requestBody:
                    content:
                      application/json:
                        schema: { type: object, properties: { note: { type: string }, pinned: { type: boolean } } }
                  responses: { "204": { description: None. } }
            """).source("Client")

        #expect(client.contains("public func note(note: String? = nil, pinned: Bool? = nil)"))
        #expect(client.contains("try await self.note(Note.Input(note: note, pinned: pinned))"))
    }

    @Test func anOperationWithoutAnIdIsNamedByItsPathsWordsAndItsParametersOnlyWhereNeeded() throws {
        let strategies = try generate("""
            openapi: 3.0.3
            info: { title: Blog, version: "1" }
            servers: [{ url: https://blog.example.com }]
            paths:
              /users/{userId}/posts/{postId}/comments:
                get:
                  parameters:
                    - { name: userId, in: path, required: true, schema: { type: string } }
                    - { name: postId, in: path, required: true, schema: { type: string } }
                  responses: { "204": { description: None. } }
              /users:
                get: { responses: { "204": { description: None. } } }
              /users/{userId}:
                get:
                  parameters: [{ name: userId, in: path, required: true, schema: { type: string } }]
                  responses: { "204": { description: None. } }
            """).source("Strategies")

        #expect(strategies.contains("public struct GetUsersPostsComments: Strategy"))
        #expect(strategies.contains("public struct GetUsers: Strategy") && strategies.contains("public struct GetUsersUserId: Strategy"))
    }

    @Test func anErrorBodyThatOperationsWriteOutAlikeIsOneTypeNotAUnionOfItself() throws {
        let generated = try generate("""
            openapi: 3.0.3
            info: { title: Shop, version: "1" }
            servers: [{ url: https://shop.example.com }]
            paths:
              /items:
                get:
                  operationId: listItems
                  responses:
                    "204": { description: None. }
                    "400":
                      description: Bad.
                      content: { application/json: { schema: { type: object, properties: { message: { type: string } } } } }
                post:
                  operationId: addItem
                  responses:
                    "204": { description: None. }
                    "400":
                      description: Bad.
                      content: { application/json: { schema: { type: object, properties: { message: { type: string } } } } }
                    "422":
                      description: Invalid.
                      content: { application/json: { schema: { type: object, properties: { code: { type: integer } } } } }
            """)
        let errors = generated.source("Errors")
        let models = generated.source("Models")

        #expect(errors.contains("case badRequest(Error400Body?)") && !models.contains("public enum"))
        #expect(count("public struct Error400Body:", in: models) == 1 && count("public struct", in: models) == 2)
    }
}
