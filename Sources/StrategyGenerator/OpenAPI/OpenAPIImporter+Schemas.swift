import Foundation

/// Schemas: component and inline schemas become models (structs, enums, unions) or the types
/// they stand for.
extension OpenAPIImporter {
    /// Names every component schema that becomes a model before converting any, so references
    /// between them, and to themselves, resolve; the others (arrays, maps, plain values) stand
    /// for the type they describe wherever they are used.
    mutating func declareComponentSchemas() {
        let schemas = root["components"]?["schemas"]?.members ?? []
        var declared: [(key: String, name: String, schema: YAMLNode, pointer: JSONPointer)] = []
        for (key, schema) in schemas where reachedSchemas?.contains(key) ?? true {
            let pointer = JSONPointer().appending("components").appending("schemas").appending(key)
            guard schema.reference == nil, isModel(schema) else {
                aliasSchemas[key] = (schema, pointer)
                continue
            }
            let name = uniqueTypeName(SwiftIdentifier.type(key, fallback: "Schema"))
            componentTypes[key] = .named(name)
            declared.append((key, name, schema, pointer))
        }
        for (_, name, schema, pointer) in declared {
            if let model = model(named: name, schema, pointer: pointer) {
                add(model)
            } else {
                // Its name is already in use by others; an empty struct keeps them compiling.
                warn("schema '\(name)' has a form the spec format can't say yet; it is imported without fields", at: schema.location, pointer)
                add(ModelSpec(name: Named(name, at: schema.location), doc: schema["description"]?.scalar, kind: .object([]), deprecated: nil))
            }
        }
        exampleInheritedDiscriminators(declared.map { ($0.key, $0.name) })
    }

    /// An object with properties or parts, an enum with a value the spec format can say, or a
    /// union of two or more schemas.
    func isModel(_ schema: YAMLNode) -> Bool {
        if schema["enum"] != nil { return isEnumeration(schema) }
        if let members = unionMembers(schema), schema["properties"] == nil {
            return (members.count > 1 || namedConstants(schema) != nil) && !isText(schema)
        }
        return isObject(schema) && (schema["properties"] != nil || schema["allOf"] != nil)
            && wrappedSchema(schema) == nil && unionPart(schema) == nil && !hasUnionBesideProperties(schema)
    }

    /// The one schema an `allOf` wraps when its other parts only annotate it (a description, a
    /// title, an example: `allOf: [{$ref: Repo}, {description: …}]`, the usual way to describe a
    /// reference) and the schema adds no properties of its own, requires none the wrapped one
    /// doesn't, and keeps no other keys.
    func wrappedSchema(_ schema: YAMLNode) -> (node: YAMLNode, index: Int)? {
        guard schema["properties"] == nil, let parts = schema["allOf"]?.items else { return nil }
        let significant = parts.enumerated().filter { !isAnnotation($0.element) }
        if significant.count == 1 {
            guard !constrainsFurther(schema, than: significant[0].element) else { return nil }
            return (significant[0].element, significant[0].offset)
        }
        // Parts that are all single values (`allOf: [{ format: date-time }, { type: string }]`):
        // the first says the most; where they disagree no value is both, and the first is kept.
        let singles = ["string", "integer", "number", "boolean"]
        guard !significant.isEmpty, significant.allSatisfy({ part in
            let node = lookUp(part.element).node ?? part.element
            return singles.contains(schemaType(node) ?? "") && ["properties", "allOf", "oneOf", "anyOf", "items"].allSatisfy { node[$0] == nil }
        }) else { return nil }
        return (significant[0].element, significant[0].offset)
    }

    /// The one part of an `allOf` that is a union (`oneOf` or `anyOf`) beside parts that are
    /// objects: a value is one of the union's members, with the objects' fields besides.
    func unionPart(_ schema: YAMLNode) -> (node: YAMLNode, index: Int)? {
        guard schema["properties"] == nil, let parts = schema["allOf"]?.items else { return nil }
        var union: (YAMLNode, Int)?
        for (index, part) in parts.enumerated() where !isAnnotation(part) && !isConstraint(part) {
            let node = lookUp(part).node ?? part
            if node["properties"] == nil, node["allOf"] == nil, let members = unionMembers(node), members.count > 1 {
                guard union == nil else { return nil }
                union = (part, index)
            } else if !isObject(node) || unionMembers(node) != nil {
                return nil
            }
        }
        return union
    }

    /// A schema that says nothing about the value, only about its meaning: its description,
    /// title, examples, default, or `x-` extensions.
    func isAnnotation(_ schema: YAMLNode) -> Bool {
        guard case .mapping = schema.kind, schema.reference == nil else { return false }
        return schema.members.allSatisfy { Self.annotationKeys.contains($0.key) || $0.key.hasPrefix("x-") }
    }

    /// A union whose members are all text, some of them listing values and some not (`anyOf:
    /// [{ type: string }, { type: string, enum: [""] }]`, text that may be empty to unset it):
    /// text, since only one of its cases could ever decode.
    func isText(_ schema: YAMLNode) -> Bool {
        guard schema["properties"] == nil, let members = unionMembers(schema), members.count > 1 else { return false }
        let resolved = members.map { lookUp($0).node ?? $0 }
        return resolved.allSatisfy { schemaType($0) == "string" && $0["format"] == nil && $0["properties"] == nil }
            && resolved.contains { $0["enum"] == nil && $0["const"] == nil }
    }

    /// A schema's description, or that of a part that only annotates it.
    func description(of schema: YAMLNode) -> String? {
        (schema["description"]?.scalar ?? schema["allOf"]?.items.lazy.filter(isAnnotation).compactMap { $0["description"]?.scalar }.first).map(Self.markdown)
    }

    static let annotationKeys: Set<String> = [
        "description", "title", "example", "examples", "default", "deprecated", "readOnly", "writeOnly",
        "nullable", "externalDocs", "xml", "$comment", "summary",
    ]

    /// A struct for an object schema, an enum for an enum schema, a union for a `oneOf` or
    /// `anyOf`; `nil` for any other schema.
    mutating func model(named name: String, _ schema: YAMLNode, pointer: JSONPointer) -> ModelSpec? {
        note(schema.location, pointer)
        let doc = (schema["description"]?.scalar ?? schema["title"]?.scalar).map(Self.markdown)
        let deprecated = schema["deprecated"]?.bool == true ? Deprecation(message: nil) : nil
        if schema["properties"] == nil, namedConstants(schema) != nil, let enumeration = namedConstantsEnumeration(schema, pointer: pointer) {
            return ModelSpec(name: Named(name, at: schema.location), doc: doc, kind: .enumeration(enumeration), deprecated: deprecated)
        }
        if schema["properties"] == nil, let members = unionMembers(schema), members.count > 1 {
            guard let union = union(named: name, schema, members: members, pointer: pointer) else { return nil }
            return ModelSpec(name: Named(name, at: schema.location), doc: doc, kind: .union(union), deprecated: deprecated)
        }
        if let values = schema["enum"], isEnumeration(schema) {
            guard let enumeration = enumeration(values, schema: schema, pointer: pointer.appending("enum")) else { return nil }
            return ModelSpec(name: Named(name, at: schema.location), doc: doc, kind: .enumeration(enumeration), deprecated: deprecated)
        }
        guard isObject(schema) else { return nil }
        guard let fields = objectFields(schema, owner: name, pointer: pointer) else { return nil }
        var model = ModelSpec(name: Named(name, at: schema.location), doc: doc, kind: .object(fields), deprecated: deprecated)
        model.additionalProperties = additionalValues(schema, owner: name, pointer: pointer)
        model.example = schemaExample(schema)
        return model
    }

    func isObject(_ schema: YAMLNode) -> Bool {
        guard schema["additionalProperties"] == nil || schema["properties"] != nil || schema["allOf"] != nil else { return false }
        return schema["properties"] != nil || schema["allOf"] != nil || schemaType(schema) == "object" && schema["additionalProperties"] == nil
    }

    /// The fields of an object schema, those of every `allOf` part included; `nil` when a part
    /// isn't an object.
    mutating func objectFields(_ schema: YAMLNode, owner: String, pointer: JSONPointer, isPart: Bool = false) -> [FieldSpec]? {
        guard enterNesting(at: schema, pointer) else { return nil }
        defer { nesting -= 1 }
        var fields: [FieldSpec] = []
        // What any part requires, the whole object must have.
        let required = requiredNames(schema)
        for (index, part) in (schema["allOf"]?.items ?? []).enumerated() where !isAnnotation(part) && !isConstraint(part) {
            let at = pointer.appending("allOf").appending(index)
            if let map = lookUp(part).node, map["properties"] == nil, map["allOf"] == nil,
               map["additionalProperties"] != nil, (schemaType(map) ?? "object") == "object" {
                // A map beside named fields: its values are the object's other keys'.
                continue
            }
            guard let resolved = resolve(part, pointer: at), isObject(resolved) || resolved["properties"] != nil else {
                warn("'allOf' part \(index) is not an object; the schema is left out", at: part.location, at)
                return nil
            }
            // A part that holds, through its own parts, the schema being flattened would never end.
            let target = part.reference
            if let target {
                guard flattening.insert(target).inserted else {
                    warn("'allOf' part \(index) includes the schema it is part of; the schema is left out", at: part.location, at)
                    return nil
                }
            }
            defer { if let target { flattening.remove(target) } }
            // A component's fields are gathered once, named after it, however many schemas
            // compose it.
            let partFields: [FieldSpec]
            if let target, let gathered = gatheredFields[target] {
                partFields = gathered
            } else {
                let component = target.flatMap { componentKey($0, section: "schemas") }.flatMap { componentTypes[$0] }
                let partOwner = component?.name ?? owner
                let cutShort = nestingCutShort
                guard let fields = objectFields(resolved, owner: partOwner, pointer: at, isPart: true) else { return nil }
                // What nesting too deep cut short here may be whole elsewhere.
                if let target, nestingCutShort == cutShort { gatheredFields[target] = fields }
                partFields = fields
            }
            for field in partFields {
                if let earlier = fields.firstIndex(where: { $0.name.value == field.name.value }) {
                    // Both parts apply: where a later one narrows a property, its type wins,
                    // and its example or the value its constraints allow (a `pattern`, an
                    // `enum`) is what a sample must hold.
                    if Self.narrows(field.type, fields[earlier].type) { fields[earlier].type = field.type }
                    if let example = field.example { fields[earlier].example = example }
                    if let hint = field.sampleHint { fields[earlier].sampleHint = hint }
                } else {
                    fields.append(field)
                }
            }
        }
        requireFields(&fields, required, of: schema)
        for (key, property) in schema["properties"]?.members ?? [] {
            let at = pointer.appending("properties").appending(key)
            if let earlier = fields.firstIndex(where: { $0.name.value == key }) {
                // A property the parts declare, said again with an example or constraints of its own.
                if let example = schemaExample(property) { fields[earlier].example = example }
                if let hint = sampleHint(property) { fields[earlier].sampleHint = hint }
                continue
            }
            guard let resolved = resolve(property, pointer: at) else { continue }
            guard let type = type(of: property, hint: owner + SwiftIdentifier.type(key, fallback: "Value"), pointer: at) else {
                warn("property '\(key)' has a type the spec format can't say yet; it is left out", at: property.location, at)
                continue
            }
            var field = FieldSpec(name: Named(key, at: property.location), type: type, typeLocation: property.location)
            note(property.location, at)
            let nullable = isNullable(resolved)
            // A read-only property is never sent and a write-only one never returned, so where
            // the model is used the other way it is absent: it can't be required.
            let oneWay = resolved["readOnly"]?.bool == true || resolved["writeOnly"]?.bool == true
            if !required.contains(key) || oneWay {
                field.type = .optional(type)
            } else if nullable {
                field.nullable = true
            }
            field.nullWhenSent = !oneWay && acceptsNull(resolved)
            field.doc = description(of: resolved)
            field.dateFormat = type.mentions(.date) ? dateFormat(resolved) : nil
            if resolved["deprecated"]?.bool == true { field.deprecated = Deprecation(message: nil) }
            (field.example, field.sampleHint) = (schemaExample(property), sampleHint(property))
            field.isReadOnly = [resolved, property].contains { $0["readOnly"]?.bool == true || $0["allOf"]?.items.contains { $0["readOnly"]?.bool == true } == true }
            fields.append(field)
        }
        if !isPart { requireUndeclared(&fields, of: schema, pointer: pointer) }
        return uniqueMemberNames(fields)
    }

    /// A property the object requires without declaring it (`required: [id]`, no `id` among
    /// the properties of the object or of its `allOf` parts) holds any JSON value, as the
    /// object's other keys may, and must be sent: it becomes a field of that type (text in a
    /// form, where every value is), with a warning. Not where the other keys are typed or
    /// forbidden, nor in a part of an `allOf` alone, whose siblings may declare it.
    mutating func requireUndeclared(_ fields: inout [FieldSpec], of schema: YAMLNode, pointer: JSONPointer) {
        let others = schema["additionalProperties"]
        guard others == nil || others?.bool == true || others.map(isAnnotation) == true else { return }
        var pending = [(schema, pointer)], seen: Set<SourceLocation> = []
        while !pending.isEmpty {
            let (node, at) = pending.removeFirst()
            guard seen.insert(node.location).inserted else { continue }
            if let place = node["required"] {
                for name in place.items.compactMap(\.scalar) where !fields.contains(where: { $0.name.value == name }) {
                    let type: BuiltIn = readingForm ? .string : .json
                    warn("required property '\(name)' is not among the properties; it is taken as \(readingForm ? "text" : "any JSON value")", at: place.location, at.appending("required"))
                    fields.append(FieldSpec(name: Named(name, at: place.location), type: .builtIn(type), typeLocation: place.location))
                }
            }
            for (index, part) in (node["allOf"]?.items ?? []).enumerated() {
                let partAt = part.reference.flatMap { JSONPointer(reference: $0) } ?? at.appending("allOf").appending(index)
                if let resolved = lookUp(part).node { pending.append((resolved, partAt)) }
            }
        }
    }

    /// The type a schema stands for, declaring inline objects and enums as models named from
    /// `hint`; `nil` when the spec model can't say it.
    /// A schema of `items` without a type: a union of one item and a list of them, or any JSON
    /// value when the items can be anything.
    private mutating func oneOrList(_ schema: YAMLNode, items: YAMLNode, hint: String, pointer: JSONPointer) -> TypeReference? {
        let key = InlineSchema(location: schema.location, filesAllowed: filesAllowed)
        if let known = inlineModels[key] { return .named(known) }
        guard let element = type(of: items, hint: hint + "Item", pointer: pointer.appending("items")) else { return nil }
        guard !element.isOptional, element != .builtIn(.json), element != .builtIn(.file) else { return .builtIn(.json) }
        let name = uniqueTypeName(hint)
        // `.one(user)`, `.list(users)`: named by what they hold, not by the item's type.
        let variants = [("one", element), ("list", .array(element))].map { UnionVariant(type: $1, typeLocation: items.location, value: Named($0, at: items.location)) }
        add(ModelSpec(name: Named(name, at: schema.location), doc: description(of: schema), kind: .union(UnionSpec(discriminator: nil, variants: variants))))
        inlineModels[key] = name
        return .named(name)
    }

    mutating func type(of schema: YAMLNode, hint: String, pointer: JSONPointer) -> TypeReference? {
        guard enterNesting(at: schema, pointer) else { return nil }
        defer { nesting -= 1 }
        if let target = schema.reference {
            guard target.hasPrefix("#") else {
                if !unresolved.contains(schema.location) {
                    warn("'\(target)' is in another document, which is not read; what uses it is left out", at: schema.location, pointer)
                }
                return nil
            }
            guard let key = componentKey(target, section: "schemas") else {
                return type(atReference: target, from: schema, hint: hint, pointer: pointer)
            }
            if let type = componentTypes[key] { return type }
            guard let (alias, at) = aliasSchemas[key] else {
                warn("'\(target)' names no schema of this document", at: schema.location, pointer)
                return nil
            }
            guard converting.insert(key).inserted else { return nil }
            defer { converting.remove(key) }
            let type = type(of: alias, hint: SwiftIdentifier.type(key, fallback: "Schema"), pointer: at)
            if let type { componentTypes[key] = type }
            return type
        }
        if schema["not"] != nil { return nil }
        if isText(schema) { return .builtIn(.string) }
        if schema["properties"] == nil, let members = unionMembers(schema), members.count <= 1 {
            // `anyOf: [X, {type: "null"}]`: X, nullable.
            guard let only = members.first else { return .builtIn(.json) }
            let key = schema["oneOf"] != nil ? "oneOf" : "anyOf"
            let index = schema[key]?.items.firstIndex { !isNullSchema($0) } ?? 0
            return type(of: only, hint: hint, pointer: pointer.appending(key).appending(index))
        }
        if let (wrapped, index) = wrappedSchema(schema) {
            return type(of: wrapped, hint: hint, pointer: pointer.appending("allOf").appending(index))
        }
        if let distributed = unionBesideProperties(schema, hint: hint, pointer: pointer) { return distributed }
        if let (union, index) = unionPart(schema) {
            if let distributed = unionWithParts(schema, union: union, index: index, hint: hint, pointer: pointer) { return distributed }
            warn("'allOf' part \(index) is a union; the schema is that union, and the other parts' fields are read where its members have them", at: union.location, pointer.appending("allOf").appending(index))
            return type(of: union, hint: hint, pointer: pointer.appending("allOf").appending(index))
        }
        if isModel(schema) {
            let key = InlineSchema(location: schema.location, filesAllowed: filesAllowed)
            if let known = inlineModels[key] { return .named(known) }
            let name = uniqueTypeName(hint)
            guard let model = model(named: name, schema, pointer: pointer) else {
                typeNames.remove(name)
                return nil
            }
            add(model)
            inlineModels[key] = name
            return .named(name)
        }
        // `items` without a type constrains a value only when it is a list: items that are
        // objects make the value one of them or a list of them (a chat API's `objs_user` comes as
        // one object); other items, a list as the document surely means. Unless it lists a schema
        // per position (JSON Schema's tuples), which says nothing of a value that isn't a list.
        let tuple: Bool = if case .sequence = schema["items"]?.kind { true } else { false }
        let implicitList = schema["items"] != nil && !tuple && schema["properties"] == nil && schema["allOf"] == nil
        if implicitList, valueType(schema) == nil, let items = schema["items"], let node = lookUp(items).node, isModel(node) {
            return oneOrList(schema, items: items, hint: hint, pointer: pointer)
        }
        switch valueType(schema) ?? (implicitList ? "array" : nil) {
        case "string":
            switch schema["format"]?.scalar {
            case "date-time", "date": return .builtIn(.date)
            case "uuid": return .builtIn(.uuid)
            // Bytes are a file in a multipart body; in JSON or a form they can only be text.
            case "binary": return filesAllowed ? .builtIn(.file) : .builtIn(.string)
            default: return .builtIn(.string)
            }
        case "integer":
            switch schema["format"]?.scalar {
            case "int32": return .builtIn(.int32)
            case "int64": return .builtIn(.int64)
            default: return .builtIn(.int)
            }
        case "number":
            return .builtIn(schema["format"]?.scalar == "float" ? .float : .double)
        case "boolean":
            return .builtIn(.bool)
        case "array":
            // A list that doesn't say what it holds, or says it position by position, holds any
            // JSON values.
            guard let items = schema["items"], !tuple else { return .array(.builtIn(.json)) }
            guard let element = type(of: items, hint: hint + "Item", pointer: pointer.appending("items")) else { return nil }
            return element.isOptional || element == .builtIn(.file) && !filesAllowed ? nil : .array(element)
        case "object":
            // Without properties: a map of the values `additionalProperties` describes, or of any
            // JSON values.
            guard let values = schema["additionalProperties"], values.bool == nil else { return .dictionary(.builtIn(.json)) }
            guard let value = type(of: values, hint: hint + "Value", pointer: pointer.appending("additionalProperties")),
                  !value.isOptional, value != .builtIn(.file) else { return nil }
            return .dictionary(value)
        case "null":
            // Always `null`: nothing but JSON's `null` to hold.
            return .builtIn(.json)
        case nil:
            // No type, or several, or values of several types: any JSON value.
            let shaped = ["allOf", "properties"].contains { schema[$0] != nil } || schema["items"] != nil && !tuple
            return shaped ? nil : .builtIn(.json)
        default:
            return nil
        }
    }

    /// Counts one more level of schemas converted inside each other; `false`, with a warning, past
    /// the deepest nesting a document may drive, so no document can overflow the stack.
    mutating func enterNesting(at schema: YAMLNode, _ pointer: JSONPointer) -> Bool {
        guard nesting < Self.maximumNesting else {
            nestingCutShort += 1
            warn("schemas nest more than \(Self.maximumNesting) levels deep through their parts and references; this one is left out", at: schema.location, pointer)
            return false
        }
        nesting += 1
        return true
    }

    /// Far deeper than a real document's schemas nest, and far below what overflows the stack.
    static let maximumNesting = 128

    /// The type of a schema a reference names anywhere in the document other than the component
    /// schemas (`#/components/parameters/limit/schema`, a response's schema, a path's): converted
    /// once, where it is, and named after the place.
    mutating func type(atReference target: String, from schema: YAMLNode, hint: String, pointer: JSONPointer) -> TypeReference? {
        if let type = referencedTypes[target] { return type }
        guard let at = JSONPointer(reference: target), let found = root.node(atPointer: target.dropFirst()) else {
            warn("'\(target)' names nothing in this document", at: schema.location, pointer)
            return nil
        }
        guard converting.insert(target).inserted else {
            warn("'\(target)' refers to itself; what uses it is left out", at: schema.location, pointer)
            return nil
        }
        defer { converting.remove(target) }
        let type = type(of: found, hint: hint, pointer: at)
        referencedTypes[target] = type
        return type
    }

    /// Whether `type` says more than `other` of the same value: a list or map of a model where the
    /// other holds any JSON.
    static func narrows(_ type: TypeReference, _ other: TypeReference) -> Bool {
        switch (type, other) {
        case (.optional(let type), .optional(let other)): narrows(type, other)
        case (_, .optional(let other)): narrows(type, other)
        case (.optional(let type), _): narrows(type, other)
        case (.array(let type), .array(let other)), (.dictionary(let type), .dictionary(let other)): narrows(type, other)
        case (_, .builtIn(.json)): type != .builtIn(.json)
        case (.array, .dictionary(let values)) where values == .builtIn(.json): false
        default: false
        }
    }

    /// The schema's one type: 3.0's `type`, or the one that isn't `null` in 3.1's type list.
    func schemaType(_ schema: YAMLNode) -> String? {
        if let type = schema["type"]?.scalar { return type }
        let types = schema["type"]?.items.compactMap(\.scalar).filter { $0 != "null" } ?? []
        return types.count == 1 ? types[0] : nil
    }

    /// Whether `null` is a value of `schema` by the letter of the document, as a strict server
    /// checks a request: 3.0's `nullable` beside a `type` in the same schema, `null` in 3.1's
    /// type list, or a `null` member of a `oneOf` or `anyOf`; an `enum` must list it too. Looser
    /// than this, `isNullable` reads what documents mean when a response is decoded.
    func acceptsNull(_ schema: YAMLNode) -> Bool {
        if let values = schema["enum"] { return values.items.contains { isNull($0, in: schema) } }
        // 3.1 has no `nullable`: JSON Schema ignores it.
        let isOpenAPI30 = root["openapi"]?.scalar?.hasPrefix("3.0") ?? true
        return isOpenAPI30 && schema["nullable"]?.bool == true && schema["type"] != nil
            || schema["type"]?.items.contains { $0.scalar == "null" } == true
            || (schema["oneOf"] ?? schema["anyOf"])?.items.contains { lookUp($0).node.map(isNullSchema) == true } == true
    }

    func isNullable(_ schema: YAMLNode) -> Bool {
        schema["nullable"]?.bool == true || schema["type"]?.items.contains { $0.scalar == "null" } == true
            || (schema["oneOf"] ?? schema["anyOf"])?.items.contains(where: isNullSchema) == true
            || listsNull(schema) || schema["allOf"]?.items.contains { isAnnotation($0) && $0["nullable"]?.bool == true } == true
    }

    /// `{ type: "null" }`, which 3.1 documents list among a union's members to make it nullable.
    func isNullSchema(_ schema: YAMLNode) -> Bool {
        schema["type"]?.scalar == "null" || (schema["type"]?.items.compactMap(\.scalar) == ["null"])
    }

    /// The members of a `oneOf` or `anyOf` other than `null`; `nil` when the schema has neither,
    /// or when its members only describe the value (`oneOf: [{ description: … }, …]`), which
    /// the schema's own type then says.
    func unionMembers(_ schema: YAMLNode) -> [YAMLNode]? {
        guard let list = schema["oneOf"] ?? schema["anyOf"] else { return nil }
        var members = list.items.filter { !isNullSchema($0) }
        if !members.isEmpty, members.allSatisfy(isAnnotation) { return nil }
        // `enum: [""]` beside a map or an object, as APIs write "empty unsets it": the other.
        let unset = members.filter { member in
            let node = lookUp(member).node ?? member
            return node["enum"]?.items.map(\.scalar) == [""] && node["properties"] == nil
        }
        if !unset.isEmpty, unset.count < members.count, members.contains(where: { schemaType(lookUp($0).node ?? $0) != "string" }) {
            members.removeAll { member in unset.contains { $0.location == member.location } }
        }
        return members
    }

    /// The union a `oneOf` or `anyOf` stands for: told apart by its discriminator when every
    /// member is a component schema the discriminator can name, tried in order otherwise. A
    /// member the spec format can't say, or one whose case would repeat another's, is left out
    /// with a warning; `nil` when none is left.
    mutating func union(named name: String, _ schema: YAMLNode, members: [YAMLNode], pointer: JSONPointer) -> UnionSpec? {
        let key = schema["oneOf"] != nil ? "oneOf" : "anyOf"
        let discriminator = schema["discriminator"]?["propertyName"]
        let mapping = schema["discriminator"]?["mapping"]?.members ?? []
        var variants: [UnionVariant] = []
        var cases: Set<String> = []
        for (index, member) in (schema[key]?.items ?? []).enumerated() where !isNullSchema(member) {
            let at = pointer.appending(key).appending(index)
            let hint = member["title"]?.scalar.map { SwiftIdentifier.type($0, fallback: name + "Option\(index + 1)") } ?? name + "Option\(index + 1)"
            guard let type = type(of: member, hint: hint, pointer: at), !type.isOptional, type != .builtIn(.file) else {
                warn("member \(index) of '\(key)' has a type the spec format can't say yet; it is left out", at: member.location, at)
                continue
            }
            let value = discriminator == nil ? nil : discriminatingValue(of: member, mapping: mapping, property: discriminator?.scalar)
            var variant = UnionVariant(type: type, typeLocation: member.location, value: value)
            if type == .builtIn(.date) { variant.dateFormat = dateFormat(member) }
            guard cases.insert(variant.caseName).inserted else {
                warn("member \(index) of '\(key)' would be a second case '\(variant.caseName)'; it is left out", at: member.location, at)
                continue
            }
            variants.append(variant)
        }
        guard !variants.isEmpty else { return nil }
        if let discriminator { note(discriminator.location, pointer.appending("discriminator").appending("propertyName")) }
        var union = UnionSpec(discriminator: discriminator.flatMap { node in node.scalar.map { Named($0, at: node.location) } }, variants: variants)
        if let discriminator = union.discriminator,
           variants.contains(where: { $0.value == nil || $0.caseName == "unknown" }) {
            warn("discriminator '\(discriminator)' can't name every member of '\(key)'; they are tried in order", at: discriminator.location, pointer.appending("discriminator"))
            union.discriminator = nil
            for index in union.variants.indices { union.variants[index].value = nil }
        }
        return union
    }

    /// The value a discriminator names a member by: its key in the mapping, else the one value
    /// the member's `property` may have (`type: { enum: [response.created] }` or `const`), else
    /// the name of the component schema it refers to; `nil` for a member written inline.
    func discriminatingValue(of member: YAMLNode, mapping: [(key: String, value: YAMLNode)], property: String? = nil) -> Named? {
        guard let target = member.reference else { return nil }
        let only = property.flatMap { lookUp(member).node?["properties"]?[$0] }.flatMap { lookUp($0).node }.flatMap { schema -> String? in
            let values = schema["enum"]?.items.compactMap(\.scalar) ?? []
            return schema["const"]?.scalar ?? (values.count == 1 ? values[0] : nil)
        }
        let written = mapping.first { $0.value.scalar == target }?.key ?? only ?? componentKey(target, section: "schemas")
        return written.map { Named($0, at: member.location) }
    }

    /// A discriminated union whose members don't all hold the discriminator as a required string
    /// tries its members in order instead: checked once every model is imported.
    mutating func checkDiscriminators() {
        let byName = Dictionary(models.map { ($0.name.value, $0) }, uniquingKeysWith: { first, _ in first })
        for index in models.indices {
            guard case .union(var union) = models[index].kind, let discriminator = union.discriminator else { continue }
            let holdsIt = union.variants.allSatisfy { variant in
                guard case .named(let name) = variant.type, let field = byName[name]?.fields.first(where: { $0.name.value == discriminator.value }) else { return false }
                let isText = switch field.type {
                case .builtIn(let type): type == .string
                case .named(let name): enumModelNames.contains(name) && byName[name].map { if case .enumeration(let e) = $0.kind { !e.isInteger } else { false } } == true
                case .optional, .array, .dictionary: false
                }
                return isText && !field.nullable
            }
            guard !holdsIt else { continue }
            warn("not every member of '\(models[index].name.value)' has '\(discriminator)' as a required string; its members are tried in order", at: discriminator.location, pointers[discriminator.location])
            union.discriminator = nil
            var names: Set<String> = []
            union.variants = union.variants.compactMap { variant in
                var variant = variant
                variant.value = nil
                return names.insert(variant.caseName).inserted ? variant : nil
            }
            models[index].kind = .union(union)
        }
    }

    /// The format of a date, or of the dates of an array or a map, through references to either.
    func dateFormat(_ schema: YAMLNode) -> DateFormatSpec? {
        var schema = lookUp(schema).node ?? schema
        if let items = schema["items"] {
            schema = lookUp(items).node ?? items
        } else if let values = schema["additionalProperties"], case .mapping = values.kind {
            schema = lookUp(values).node ?? values
        }
        switch schema["format"]?.scalar {
        case "date-time": return .iso8601
        case "date": return .pattern("yyyy-MM-dd")
        default: return nil
        }
    }

    /// Stores on the heap each field that makes a struct contain itself (directly or through
    /// others) other than in an array or a dictionary, which Swift couldn't lay out otherwise. The
    /// walk keeps its own stack, so no chain of models can overflow the generator's.
    mutating func boxRecursiveFields() {
        let indexByName = Dictionary(models.enumerated().map { ($0.element.name.value, $0.offset) }, uniquingKeysWith: { first, _ in first })
        func inline(_ type: TypeReference) -> String? {
            switch type {
            case .named(let name): name
            case .optional(let wrapped): inline(wrapped)
            case .builtIn, .array, .dictionary: nil
            }
        }
        var state: [Int: Bool] = [:]  // false: on the path; true: done
        for start in models.indices where state[start] == nil {
            // Each frame: a model and the next of its fields to follow.
            var stack: [(model: Int, field: Int)] = [(start, 0)]
            state[start] = false
            while let (index, fieldIndex) = stack.last {
                guard case .object(var fields) = models[index].kind, fieldIndex < fields.count else {
                    state[index] = true
                    stack.removeLast()
                    continue
                }
                stack[stack.count - 1].field += 1
                guard !fields[fieldIndex].isIndirect, let target = inline(fields[fieldIndex].type).flatMap({ indexByName[$0] }) else { continue }
                switch state[target] {
                case false?:
                    fields[fieldIndex].isIndirect = true
                    models[index].kind = .object(fields)
                case nil:
                    state[target] = false
                    stack.append((target, 0))
                case true?:
                    break
                }
            }
        }
    }

    /// Takes back the models declared since `start` for something left out, unless a component
    /// schema, or a schema a reference names, already stands for one of them.
    mutating func discardModels(from start: Int) {
        guard start < models.count else { return }
        let kept = Set(componentTypes.values.compactMap(\.modelName) + referencedTypes.values.compactMap { $0?.modelName })
        guard !models[start...].contains(where: { kept.contains($0.name.value) }) else { return }
        let discarded = Set(models[start...].map(\.name.value))
        for name in discarded {
            typeNames.remove(name)
            enumModelNames.remove(name)
        }
        inlineModels = inlineModels.filter { !discarded.contains($0.value) }
        models.removeSubrange(start...)
        for name in discarded {
            modelPlaces[name] = models.lastIndex { $0.name.value == name }
        }
    }

    mutating func add(_ model: ModelSpec) {
        if case .enumeration = model.kind { enumModelNames.insert(model.name.value) }
        modelPlaces[model.name.value] = models.count
        models.append(model)
    }

    /// The model declared last under `name`, if any.
    func declaredModel(_ name: String) -> ModelSpec? {
        modelPlaces[name].map { models[$0] }
    }
}

extension APISpec {
    /// The spec without the models no strategy and no error reaches, through fields, union
    /// members and compositions: a schema nothing uses is not generated.
    func withoutUnreachableModels() -> APISpec {
        var pending: [TypeReference] = []
        for strategy in strategies {
            let fields = strategy.pathParameters + strategy.query + strategy.headers + strategy.cookies + (strategy.body?.fields ?? []) + strategy.responseHeaders
            pending += fields.map(\.type)
            if case .json(let type, _)? = strategy.body { pending.append(type) }
            if let element = strategy.stream?.element { pending.append(element) }
            switch strategy.returns {
            case .type(let type, _)?: pending.append(type)
            case .fields(let fields)?: pending += fields.map(\.type)
            case nil: break
            }
        }
        for error in errors {
            for statusCase in error.statusCases {
                if case .body(let type) = statusCase.payload { pending.append(type) }
            }
        }
        let byName = Dictionary(models.map { ($0.name.value, $0) }, uniquingKeysWith: { first, _ in first })
        var reached: Set<String> = []
        while let type = pending.popLast() {
            guard let name = type.modelName, reached.insert(name).inserted, let model = byName[name] else { continue }
            pending += model.memberTypes
            pending += model.allOf.map { .named($0.value) }
        }
        var spec = self
        spec.models = models.filter { reached.contains($0.name.value) }
        return spec
    }
}
