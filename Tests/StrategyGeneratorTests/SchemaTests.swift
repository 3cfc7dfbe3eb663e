import Foundation
import StrategyGenerator
import Testing

/// The published JSON Schema lists exactly the keys the loader accepts, part by part.
@Suite struct SchemaTests {
    static var schema: [String: Any] {
        let url = Paths.root.appendingPathComponent("schema/strategykit-spec.schema.json")
        let data = (try? Data(contentsOf: url)) ?? Data()
        return (try? JSONSerialization.jsonObject(with: data)) as? [String: Any] ?? [:]
    }

    /// The properties of the object at `path` (`$defs`/name, then `oneOf` index if any).
    static func properties(_ definition: String?, variant: Int? = nil) -> Set<String> {
        var node: Any? = schema
        if let definition {
            node = ((schema["$defs"] as? [String: Any])?[definition])
        }
        if let variant {
            node = ((node as? [String: Any])?["oneOf"] as? [Any])?[variant]
        }
        return Set(((node as? [String: Any])?["properties"] as? [String: Any])?.keys ?? [:].keys)
    }

    static let parts: [(definition: String?, variant: Int?, keys: [String])] = [
        (nil, nil, SpecKeys.spec),
        ("server", 1, SpecKeys.server),
        ("serverVariable", 1, SpecKeys.serverVariable),
        ("defaults", nil, SpecKeys.defaults),
        ("authScheme", 1, SpecKeys.authScheme),
        ("apiKey", nil, SpecKeys.apiKey),
        ("bearer", nil, SpecKeys.bearer),
        ("objectModel", nil, SpecKeys.objectModel),
        ("enumModel", nil, SpecKeys.enumModel),
        ("unionModel", nil, SpecKeys.unionModel),
        ("field", nil, SpecKeys.field),
        ("constant", nil, SpecKeys.constant),
        ("error", nil, SpecKeys.error),
        ("errorCondition", nil, SpecKeys.errorCondition),
        ("errorCase", nil, SpecKeys.errorCase),
        ("headerCase", nil, SpecKeys.headerCase),
        ("strategy", nil, SpecKeys.strategy),
        ("body", 1, SpecKeys.body),
        ("retry", 1, SpecKeys.retry),
        ("interface", 1, SpecKeys.interface),
        ("pagination", nil, SpecKeys.pagination),
        ("stream", 1, SpecKeys.stream),
    ]

    @Test func schemaIsPresent() {
        #expect(Self.schema["$schema"] as? String == "https://json-schema.org/draft/2020-12/schema")
    }

    @Test(arguments: parts.indices)
    func schemaListsTheKeysTheLoaderAccepts(part: Int) {
        let (definition, variant, keys) = Self.parts[part]

        #expect(Self.properties(definition, variant: variant) == Set(keys), "\(definition ?? "the spec")")
    }

    @Test func everyPartOfTheSchemaIsChecked() {
        let definitions = Set((Self.schema["$defs"] as? [String: Any])?.keys ?? [:].keys)
        let checked = Set(Self.parts.compactMap(\.definition))
        let valueOnly: Set = ["typeReference", "dateFormat", "deprecated", "model", "fieldValue", "parameter", "statusCase"]

        #expect(definitions.subtracting(valueOnly) == checked)
    }
}
