import Foundation

/// Objects: what an object schema requires of its properties through all its `allOf` parts, and
/// the keys it keeps beyond those it declares (`additionalProperties`).
extension OpenAPIImporter {
    /// An `allOf` part that only constrains the object the other parts describe: the properties
    /// it must have (`allOf: [{$ref: Pet}, {required: [id]}]`), or what its other keys hold, with
    /// no properties of its own.
    func isConstraint(_ schema: YAMLNode) -> Bool {
        guard case .mapping = schema.kind, schema.reference == nil, (schemaType(schema) ?? "object") == "object" else { return false }
        return schema.members.allSatisfy { member in
            Self.annotationKeys.contains(member.key) || Self.constraintKeys.contains(member.key) || member.key.hasPrefix("x-")
        }
    }

    static let constraintKeys: Set<String> = [
        "type", "required", "additionalProperties", "minProperties", "maxProperties", "propertyNames",
        "unevaluatedProperties", "dependentRequired",
    ]

    /// Whether a schema that wraps one `allOf` part says more of the object than the part: it
    /// requires a property the part doesn't, or keeps other keys the part doesn't.
    func constrainsFurther(_ schema: YAMLNode, than part: YAMLNode) -> Bool {
        let wrapped = lookUp(part).node ?? part
        guard isObject(wrapped) || wrapped["properties"] != nil else { return false }
        if !requiredNames(schema).subtracting(requiredNames(wrapped)).isEmpty { return true }
        guard let values = schema["additionalProperties"], values.bool != false else { return false }
        return wrapped["additionalProperties"] == nil || wrapped["additionalProperties"]?.bool == false
    }

    /// The properties an object schema requires: those its `required` names, and those its
    /// `allOf` parts require, through references, since every part applies to the whole object.
    func requiredNames(_ schema: YAMLNode) -> Set<String> {
        // The schema's own first: a part may be written where the schema is (a union's member
        // merged with the object beside it).
        var names = Set(schema["required"]?.items.compactMap(\.scalar) ?? []), seen: Set<SourceLocation> = []
        var pending = (schema["allOf"]?.items ?? []).compactMap { lookUp($0).node }
        while let node = pending.popLast() {
            guard seen.insert(node.location).inserted else { continue }
            names.formUnion(node["required"]?.items.compactMap(\.scalar) ?? [])
            pending += (node["allOf"]?.items ?? []).compactMap { lookUp($0).node }
        }
        return names
    }

    /// Makes each field an `allOf` part brought optional required when the whole object requires
    /// it (another part, or the schema itself, names it), as its own schema says: nullable when
    /// it may be `null`, and still optional when it is only read or only written.
    func requireFields(_ fields: inout [FieldSpec], _ required: Set<String>, of schema: YAMLNode) {
        for index in fields.indices where required.contains(fields[index].name.value) {
            guard case .optional(let type) = fields[index].type, !fields[index].nullable else { continue }
            var seen: Set<SourceLocation> = []
            guard let property = propertySchema(fields[index].name.value, in: schema, seen: &seen),
                  let resolved = lookUp(property).node,
                  resolved["readOnly"]?.bool != true, resolved["writeOnly"]?.bool != true else { continue }
            fields[index].type = type
            fields[index].nullable = isNullable(resolved)
        }
    }

    /// The schema of property `key` where an object schema's fields take it from: the first
    /// `allOf` part that declares it, or else the schema's own `properties`.
    private func propertySchema(_ key: String, in schema: YAMLNode, seen: inout Set<SourceLocation>) -> YAMLNode? {
        guard seen.insert(schema.location).inserted else { return nil }
        for part in schema["allOf"]?.items ?? [] {
            if let node = lookUp(part).node, let found = propertySchema(key, in: node, seen: &seen) { return found }
        }
        return schema["properties"]?.members.first { $0.key == key }?.value
    }

    /// The type of the values of the keys an object schema doesn't declare, when it keeps them
    /// (`additionalProperties: true`, `{}` or a schema, its own or else an `allOf` part's): any
    /// JSON value unless a schema says which; `nil` when it keeps none.
    mutating func additionalValues(_ schema: YAMLNode, owner: String, pointer: JSONPointer) -> TypeReference? {
        var seen: Set<SourceLocation> = []
        guard let (values, at) = additionalSchema(of: schema, pointer: pointer, seen: &seen) else { return nil }
        if values.bool == true || isAnnotation(values) { return .builtIn(.json) }
        guard let type = type(of: values, hint: owner + "Value", pointer: at), !type.isOptional, type != .builtIn(.file) else {
            warn("'additionalProperties' has a type the spec format can't say yet; the other keys are kept as any JSON", at: values.location, at)
            return .builtIn(.json)
        }
        let resolved = lookUp(values).node ?? values
        return isNullable(resolved) && type != .builtIn(.json) ? .optional(type) : type
    }

    /// The `additionalProperties` schema an object keeps other keys by, its own or an `allOf`
    /// part's, with where it is; `nil` when there is none or it is `false`.
    private func additionalSchema(of schema: YAMLNode, pointer: JSONPointer, seen: inout Set<SourceLocation>) -> (YAMLNode, JSONPointer)? {
        guard seen.insert(schema.location).inserted else { return nil }
        if let values = schema["additionalProperties"] {
            return values.bool == false ? nil : (values, pointer.appending("additionalProperties"))
        }
        for (index, part) in (schema["allOf"]?.items ?? []).enumerated() where !isAnnotation(part) {
            guard let node = lookUp(part).node else { continue }
            let at = part.reference.flatMap { JSONPointer(reference: $0) } ?? pointer.appending("allOf").appending(index)
            if let found = additionalSchema(of: node, pointer: at, seen: &seen) { return found }
        }
        return nil
    }
}
