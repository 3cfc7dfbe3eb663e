import Foundation
@testable import StrategyGenerator
import Testing

/// Validation names the element each fault in an imported document is about, and the import
/// leaves out exactly those elements.
@Suite struct ImportedFaultsTests {
    /// One example many operations share is left out of those it doesn't decode for, in one
    /// warning, and kept where it decodes.
    @Test func aSharedExampleIsLeftOutOnlyWhereItDoesntDecode() throws {
        let generated = try generateDocument("""
        openapi: 3.0.3
        info: { title: Shop, version: "1" }
        servers: [{ url: https://shop.example.com }]
        paths:
          /stock:
            get:
              operationId: getStock
              responses:
                "200":
                  description: Stock.
                  content: { application/json: { schema: { $ref: "#/components/schemas/Stock" }, examples: { some: { $ref: "#/components/examples/Five" } } } }
          /lamp:
            get:
              operationId: getLamp
              responses:
                "200":
                  description: A lamp.
                  content: { application/json: { schema: { $ref: "#/components/schemas/Lamp" }, examples: { some: { $ref: "#/components/examples/Five" } } } }
          /desk:
            get:
              operationId: getDesk
              responses:
                "200":
                  description: A desk.
                  content: { application/json: { schema: { $ref: "#/components/schemas/Lamp" }, examples: { some: { $ref: "#/components/examples/Five" } } } }
        components:
          examples:
            Five: { value: { total: 5 } }
          schemas:
            Stock:
              type: object
              required: [total]
              properties:
                total: { type: integer }
            Lamp:
              type: object
              required: [name]
              properties:
                name: { type: string }
        """, name: "shop.yaml")

        let leftOut = generated.warnings.filter { $0.message.contains("is left out") }
        #expect(leftOut.map(\.message) == [
            "the example of strategy 'GetLamp' doesn't decode as its output: 'name' is missing; the example of operation 'GetLamp', operation 'GetDesk' is left out",
        ])
        #expect(leftOut.first?.location?.line == 28)
        #expect(generated.source("Stubs").contains(#""total": 5"#))
    }

    /// A fault names its element: the example's fault names its strategy, and any other is about
    /// what is written at its place.
    @Test func validationNamesTheStrategyWhoseExampleDoesntDecode() throws {
        let loaded = try GeneratorPipeline.load(text: """
        api: Shop
        servers: { production: https://shop.example.com }
        models:
          Lamp: { name: String }
        strategies:
          GetLamp: { GET: /lamp, returns: Lamp, example: { size: 3 } }
          GetDesk: { GET: /desk, returns: Desk }
        """, file: "shop.yaml")
        let faults = SpecValidator.faults(in: loaded.spec)
        #expect(faults.count == 2)
        #expect(faults.contains { $0.element == .example(strategy: "GetLamp") && $0.diagnostic.message.hasPrefix("the example of strategy 'GetLamp'") })
        #expect(faults.contains { fault in
            fault.diagnostic.message.hasPrefix("unknown type 'Desk'") && fault.element == fault.diagnostic.location.map(SpecElement.writtenAt)
        })
    }
}
