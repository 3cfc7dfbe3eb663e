import Foundation

/// A schema that takes in, through `allOf`, a schema with a `discriminator` (`Cat: allOf: [$ref:
/// Pet, …]` where `Pet` says `discriminator: { propertyName: pet_type }`) is told apart by that
/// property: its value is the schema's key in the mapping, or else the schema's own name. The
/// value becomes the property's example, so a sample or stub of the schema says what it is.
extension OpenAPIImporter {
    mutating func exampleInheritedDiscriminators(_ declared: [(key: String, name: String)]) {
        for (key, name) in declared {
            guard let schema = components["schemas"]?[key],
                  let index = models.firstIndex(where: { $0.name.value == name }),
                  case .object(var fields) = models[index].kind else { continue }
            var changed = false
            for part in schema["allOf"]?.items ?? [] {
                guard part.reference != nil, let parent = lookUp(part).node,
                      let property = parent["discriminator"]?["propertyName"]?.scalar,
                      let field = fields.firstIndex(where: { $0.name.value == property }),
                      fields[field].example == nil else { continue }
                let value = (parent["discriminator"]?["mapping"]?.members ?? []).first { _, target in
                    guard let target = target.scalar else { return false }
                    return target == key || target.hasSuffix("/schemas/" + key)
                }?.key ?? key
                fields[field].example = .string(value)
                changed = true
            }
            if changed { models[index].kind = .object(fields) }
        }
    }
}
