import Foundation
@testable import StrategyGenerator
import Testing

/// The names the validator keeps from specs are the ones the runtime declares, so a model can't
/// take the name of a runtime type and hide it from the generated code.
@Suite struct RuntimeNamesTests {
    /// Every type `Sources/StrategyKit` declares at its top level, public or SPI.
    static func declaredTypes() throws -> Set<String> {
        let folder = Paths.root.appendingPathComponent("Sources/StrategyKit")
        let files = FileManager.default.enumerator(atPath: folder.path)?.allObjects as? [String] ?? []
        let declaration = try Regex(#"^(?:@_spi\(Generated\) )?public (?:final |indirect )?(?:struct|enum|class|protocol|typealias|actor) ([A-Za-z_][A-Za-z0-9_]*)"#)
        var names: Set<String> = []
        for file in files where file.hasSuffix(".swift") {
            let text = try String(contentsOf: folder.appendingPathComponent(file), encoding: .utf8)
            for line in text.split(separator: "\n") {
                if let match = try declaration.firstMatch(in: line), let name = match.output[1].substring { names.insert(String(name)) }
            }
        }
        return names
    }

    @Test func theValidatorKeepsExactlyTheNamesTheRuntimeDeclares() throws {
        let declared = try Self.declaredTypes()
        #expect(declared.count > 20)
        #expect(Set(RuntimeNames.types) == declared, "missing: \(declared.subtracting(RuntimeNames.types).sorted()); gone: \(Set(RuntimeNames.types).subtracting(declared).sorted())")
    }

    @Test func aModelNamedLikeARuntimeTypeIsRefusedAtItsPlace() throws {
        for name in ["CallError", "OpenEnum", "WithHeaders", "TransportError", "StubTransport"] {
            let loaded = try GeneratorPipeline.load(text: """
                api: Shop
                servers: { production: https://shop.example.com }
                models:
                  \(name): { id: Int }
                strategies:
                  GetItem: { GET: /item, returns: \(name) }
                """, file: "shop.yaml")
            #expect(throws: DiagnosticsError.self) { try SpecValidator.validate(loaded) }
        }
    }
}
