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

    /// A fault names its element: the example's fault names its strategy, and a fault found
    /// among a strategy's checks names what of it is written at the fault's place.
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
            fault.diagnostic.message.hasPrefix("unknown type 'Desk'") && fault.element == .returns(strategy: "GetDesk")
        })
    }

    /// A fault about a model's property leaves out that property, though a parameter's type is
    /// written at the same place (as where two places refer to one schema), and the parameter stays.
    @Test func aFaultLeavesOutTheElementItNamesThoughAnotherSharesItsPlace() throws {
        let loaded = try GeneratorPipeline.load(text: """
        api: Shop
        servers: { production: https://shop.example.com }
        models:
          Lamp: { name: String, picture: Data? }
        strategies:
          GetLamp: { GET: /lamp, query: { note: String? }, returns: Lamp }
        """, file: "shop.yaml")
        var spec = loaded.spec
        let picture = try #require(spec.models.first?.fields.last)
        spec.strategies[0].query[0].typeLocation = picture.typeLocation

        let warnings = ImportedFaults.leaveOut(from: &spec, pointers: [:], checks: GeneratorPipeline.importChecks)

        #expect(warnings.map(\.message) == [
            "'Data' can only be all a strategy returns: 'returns: Data', the body as it came; property 'picture' is left out",
        ])
        #expect(spec.strategies[0].query.map(\.name.value) == ["note"])
        #expect(spec.models.first?.fields.map(\.name.value) == ["name"])
        #expect(SpecValidator.faults(in: spec).isEmpty)
    }

    /// Faults about several members of one union leave out each of those members in one round,
    /// whatever the order they are found in.
    @Test func faultyMembersOfOneUnionAreEachLeftOut() throws {
        let loaded = try GeneratorPipeline.load(text: """
        api: Shop
        servers: { production: https://shop.example.com }
        models:
          Lamp: { name: String }
          Light:
            oneOf: [Data, Lamp, Data, String]
        strategies:
          GetLight: { GET: /light, returns: Light }
        """, file: "shop.yaml")
        var spec = loaded.spec
        let rounds = Rounds()
        let checks = ImportChecks { spec in
            rounds.count += 1
            return SpecValidator.faults(in: spec).reversed()
        }

        let warnings = ImportedFaults.leaveOut(from: &spec, pointers: [:], checks: checks)

        #expect(warnings.count == 2)
        guard case .union(let union)? = spec.models.first(where: { $0.name.value == "Light" })?.kind else {
            Issue.record("the union is gone")
            return
        }
        #expect(union.variants.map(\.type) == [.named("Lamp"), .builtIn(.string)])
        #expect(rounds.count == 1)
    }

    /// A schema left out takes what refers to it along, in the same pass, and so on in turn: a
    /// union left with no member, the property and the members that name it, the union that
    /// loses its only member, the property that names that one, what an operation returns and
    /// an operation whose body it is. Validation runs once, and what is left validates.
    @Test func whatRefersToASchemaLeftOutGoesInTheSamePass() throws {
        let loaded = try GeneratorPipeline.load(text: """
        api: Shop
        servers: { production: https://shop.example.com }
        models:
          Light:
            oneOf: [Data]
          Glow:
            oneOf: [Light, String]
          Beam:
            oneOf: [Light]
          Room: { name: String, light: Light?, beam: Beam?, glow: Glow? }
        strategies:
          GetLight: { GET: /light, returns: Light }
          GetRoom: { GET: /room, returns: Room }
          PutLight: { PUT: /light, body: { json: Light } }
          FindRooms: { GET: /rooms, query: { near: String? }, returns: [Room] }
        """, file: "shop.yaml")
        var spec = loaded.spec
        let rounds = Rounds()
        let checks = ImportChecks { spec in
            rounds.count += 1
            return SpecValidator.faults(in: spec)
        }

        let warnings = ImportedFaults.leaveOut(from: &spec, pointers: [:], checks: checks)

        #expect(rounds.count == 1)
        #expect(spec.models.map(\.name.value) == ["Glow", "Room"])
        #expect(spec.models.first { $0.name.value == "Room" }?.fields.map(\.name.value) == ["name", "glow"])
        guard case .union(let glow)? = spec.models.first?.kind else {
            Issue.record("Glow is gone")
            return
        }
        #expect(glow.variants.map(\.type) == [.builtIn(.string)])
        #expect(spec.strategies.map(\.name.value) == ["GetLight", "GetRoom", "FindRooms"])
        #expect(spec.strategies.first?.returns == nil)
        #expect(warnings.map(\.message).contains("it refers to schema 'Light', which is left out; property 'light' is left out"))
        #expect(warnings.map(\.message).contains("it refers to schema 'Beam', which is left out; property 'beam' is left out"))
        #expect(warnings.map(\.message).contains("it refers to schema 'Light', which is left out; operation 'PutLight' is left out"))
        #expect(SpecValidator.faults(in: spec).isEmpty)
    }
}

/// How many times the import's checks ran.
private final class Rounds: @unchecked Sendable {
    var count = 0
}
