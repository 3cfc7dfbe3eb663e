import Foundation
import StrategyGenerator
import Testing

/// What a Swagger 2.0 document says that OpenAPI 3 says otherwise: a token sent in an
/// `Authorization` header parameter, a `default` response shared from another file, and the
/// notes and warnings of a large document, one line a cause.
@Suite struct SwaggerImportTests {
    let folder: URL

    init() throws {
        folder = try makeTemporaryDirectory()
    }

    func write(_ name: String, _ text: String) throws -> String {
        let url = folder.appendingPathComponent(name)
        try Data(text.utf8).write(to: url)
        return url.path
    }

    /// A document of `count` operations, each written by `operation(index)`.
    func document(_ count: Int, _ operation: (Int) -> String) -> String {
        """
        swagger: "2.0"
        info: { title: Items, version: "1" }
        host: items.example.com
        produces: [application/json]
        paths:
        \((0..<count).map(operation).joined())
        """
    }

    @Test func aDefaultResponseInAnotherFileIsFollowed() async throws {
        _ = try write("common.yaml", """
            responses:
              Error: { description: A problem., schema: { $ref: "#/definitions/Problem" } }
            definitions:
              Problem: { type: object, properties: { code: { type: integer }, message: { type: string } } }
            """)
        let api = try write("api.yaml", document(6) { index in
            """
              /items\(index):
                get:
                  operationId: getItem\(index)
                  responses:
                    "200": { description: OK, schema: { type: string } }
                    default: { $ref: "common.yaml#/responses/Error" }

            """
        })

        let result = try await runStrategyGen(["generate", api, "--output", folder.appendingPathComponent("out").path])

        #expect(result.status == 0)
        #expect(!result.standardError.contains("warning:"), "\(result.standardError)")
        let models = try String(contentsOf: folder.appendingPathComponent("out/api.Models.swift"), encoding: .utf8)
        #expect(models.contains("public struct Problem"))
    }

    @Test func anAuthorizationHeaderParameterIsAnInputNotedOnceForManyOperations() async throws {
        let api = try write("api.yaml", document(6) { index in
            """
              /items\(index):
                get:
                  operationId: getItem\(index)
                  parameters: [{ name: Authorization, in: header, required: true, type: string }]
                  responses: { "204": { description: None. } }

            """
        })
        let out = folder.appendingPathComponent("out")

        let result = try await runStrategyGen(["generate", api, "--output", out.path])
        let verbose = try await runStrategyGen(["generate", api, "--output", out.path, "--verbose"])

        #expect(result.status == 0)
        let lines = result.standardError.split(separator: "\n").filter { $0.contains("note:") }
        #expect(lines == ["\(api):9:20: note: header parameter 'Authorization' is an input the caller sets, as Swagger 2.0 sends a token; a security definition would let the client's builder add it (#/paths/~1items0/get/parameters/0); 5 more like it (--verbose lists every one)"])
        #expect(verbose.standardError.split(separator: "\n").filter { $0.contains("note: header parameter") }.count == 6)
        let strategies = try String(contentsOf: out.appendingPathComponent("api.Strategies.swift"), encoding: .utf8)
        #expect(strategies.contains(#"Endpoint(.get, "/items0", headers: ["Authorization": input.authorization])"#))
    }

    @Test func aStubAnswersWithTheHeadersEveryResponseHas() async throws {
        let api = try write("api.yaml", document(1) { _ in
            """
              /items:
                get:
                  operationId: listItems
                  responses:
                    "200":
                      description: OK
                      schema: { type: array, items: { type: string } }
                      examples: { application/json: [a] }
                      headers:
                        X-Rate-Limit: { type: integer, required: true, example: 41 }
                        X-Version: { type: string, required: true }
                        X-Cache: { type: string }

            """
        })
        let out = folder.appendingPathComponent("out")

        let result = try await runStrategyGen(["generate", api, "--output", out.path])

        #expect(result.status == 0, "\(result.standardError)")
        let stubs = try String(contentsOf: out.appendingPathComponent("api.Stubs.swift"), encoding: .utf8)
        #expect(stubs.contains(#".init(.get, "/items", json: ItemsStubs.listItems, headers: ["X-Rate-Limit": "41", "X-Version": "string"], delay: delay)"#), "\(stubs)")
    }
}
