import Foundation
@testable import StrategyGenerator
import Testing

/// No document can crash the importer, and what validation refuses in an imported document costs
/// only what holds it.
@Suite struct ImportRobustnessTests {
    private func generate(_ text: String, name: String = "api.yaml") throws -> GeneratedSpec {
        try generateDocument(text, name: name)
    }

    @Test func aSchemaThatHoldsItselfThroughADescribedReferenceIsStoredIndirectly() throws {
        // The usual way to describe a reference, `allOf` of the reference and a description,
        // made the importer convert the schema inside itself until the stack overflowed.
        let generated = try generate("""
            swagger: "2.0"
            info: { title: Forge, version: "1" }
            paths:
              /repo:
                get:
                  responses: { "200": { description: A repository., schema: { $ref: "#/definitions/repo" } } }
            definitions:
              repo:
                type: object
                properties:
                  name: { type: string }
                  parent: { allOf: [{ $ref: "#/definitions/repo" }, { description: The repository forked. }] }
                  source: { allOf: [{ $ref: "#/definitions/repo" }], description: The network's root. }
            """)
        let models = generated.source("Models")
        #expect(models.contains("/// The repository forked.\n    public var parent: Repo? { _parent.value }"))
        #expect(models.contains("fileprivate let _parent: Indirect<Repo?>"))
        #expect(models.contains("fileprivate let _source: Indirect<Repo?>"))
        #expect(!generated.warnings.contains { $0.message.contains("contain itself") })
    }

    @Test func partsNestedPastAnyRealDocumentAreLeftOutWithAWarningNotACrash() throws {
        // Each schema is the next one with a property more: 300 levels of `allOf`.
        let count = 300
        var schemas = ""
        for index in 0..<count {
            let next = index + 1 < count ? "{ $ref: \"#/components/schemas/S\(index + 1)\" }, " : ""
            schemas += "    S\(index): { allOf: [\(next){ type: object, properties: { p\(index): { type: string } } }] }\n"
        }
        let generated = try generate("""
            openapi: 3.0.3
            info: { title: Deep, version: "1" }
            paths:
              /s:
                get:
                  responses: { "200": { description: S., content: { application/json: { schema: { $ref: "#/components/schemas/S0" } } } } }
            components:
              schemas:
            \(schemas)
            """)
        #expect(generated.warnings.contains { $0.message.hasPrefix("schemas nest more than 128 levels deep") })
        #expect(generated.source("Models").contains("public struct S0: "))
    }

    @Test func aFaultValidationFindsInAnImportedSpecCostsOnlyWhatHoldsIt() throws {
        // A spec the importer could make but validation refuses: a date format on a number, an
        // optional parameter and a required one of a type that names nothing.
        var loaded = try GeneratorPipeline.load(text: """
            api: Shop
            servers: { production: https://shop.example.com }
            models:
              Item: { id: Int, price: { type: Int, format: date }, name: String }
            strategies:
              ListItems: { GET: /items, query: { tag: Tag?, limit: Int? }, returns: "[Item]" }
              GetItem: { GET: "/items/{id}", path: { id: Identifier }, returns: Item }
            """, file: "shop.yaml")
        let warnings = ImportedFaults.leaveOut(from: &loaded.spec, pointers: [:], checks: GeneratorPipeline.importChecks)

        #expect(warnings.map(\.description) == [
            "shop.yaml:4:35: warning: 'format' applies to dates, but 'price' in model 'Item' is 'Int'; property 'price' is left out",
            "shop.yaml:6:43: warning: unknown type 'Tag'; define it under 'models' or use a built-in type; parameter 'tag' is left out",
            "shop.yaml:7:46: warning: unknown type 'Identifier'; define it under 'models' or use a built-in type; operation 'GetItem' is left out",
        ])
        #expect(loaded.spec.models[0].fields.map(\.name.value) == ["id", "name"])
        #expect(loaded.spec.strategies.map(\.name.value) == ["ListItems"])
        #expect(loaded.spec.strategies[0].query.map(\.name.value) == ["limit"])
        _ = try SpecValidator.validate(loaded)
    }

    @Test func aDocumentPublishedAsATreeOfMoreThanAThousandFilesIsReadWhole() throws {
        let folder = try makeTemporaryDirectory()
        defer { try? FileManager.default.removeItem(at: folder) }
        let count = 1_200
        try FileManager.default.createDirectory(at: folder.appendingPathComponent("schemas"), withIntermediateDirectories: true)
        for index in 0..<count {
            let schema = "type: object\nrequired: [id]\nproperties: { id: { type: integer }, label\(index): { type: string } }\n"
            try schema.write(to: folder.appendingPathComponent("schemas/part\(index).yaml"), atomically: true, encoding: .utf8)
        }
        let properties = (0..<count).map { "                  p\($0): { $ref: \"schemas/part\($0).yaml\" }" }.joined(separator: "\n")
        let root = folder.appendingPathComponent("api.yaml")
        try """
            openapi: 3.0.3
            info: { title: Tree, version: "1" }
            servers: [{ url: https://tree.example.com }]
            paths:
              /all:
                get:
                  operationId: getAll
                  responses:
                    "200":
                      description: Every part.
                      content:
                        application/json:
                          schema:
                            type: object
                            properties:
            \(properties)
            """.write(to: root, atomically: true, encoding: .utf8)
        let generated = try GeneratorPipeline.generate(specAt: root.path)

        #expect(!generated.warnings.contains { $0.message.contains("left out") })
        #expect(generated.source("Models").contains("public let label1199: String?"))
    }
}
