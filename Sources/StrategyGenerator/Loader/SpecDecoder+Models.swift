extension SpecDecoder {
    func decodeModels(_ node: YAMLNode) -> [ModelSpec] {
        guard let entries = mapping(node, "'models'", expecting: "a mapping of model names to their fields") else { return [] }
        return entries.pairs.compactMap { pair in
            guard let name = identifier(pair.key, "a model name") else { return nil }
            let what = "model '\(name)'"
            guard let body = mapping(pair.value, what, expecting: "a mapping of field names to types, e.g. '{ id: Int, name: String }'") else {
                return nil
            }
            if body.has("enum") {
                checkKeys(body, allowed: SpecKeys.enumModel, in: what)
                return ModelSpec(
                    name: name,
                    doc: body["doc"].flatMap { string($0, "the 'doc' of \(what)") },
                    kind: .enumeration(decodeEnum(body["enum"]!, of: what)),
                    deprecated: body["deprecated"].flatMap(deprecation)
                )
            }
            if body.has("oneOf") {
                return decodeUnion(body, name: name, of: what)
            }
            if body.has("fields") || body.has("allOf") {
                checkKeys(body, allowed: SpecKeys.objectModel, in: what)
                let fields = body["fields"].flatMap { mapping($0, "'fields' of \(what)", expecting: "a mapping of field names to types") }
                return ModelSpec(
                    name: name,
                    doc: body["doc"].flatMap { string($0, "the 'doc' of \(what)") },
                    kind: .object(fields.map { decodeFields($0, of: what) } ?? []),
                    deprecated: body["deprecated"].flatMap(deprecation),
                    allOf: body["allOf"].map { modelNames($0, "'allOf' of \(what)") } ?? []
                )
            }
            return ModelSpec(name: name, doc: nil, kind: .object(decodeFields(body, of: what)), deprecated: nil)
        }
    }

    /// `enum: [active, banned]`, `enum: [1, 2]`, or `enum: { active: 1, banned: 2 }` (Swift name: value).
    private func decodeEnum(_ node: YAMLNode, of what: String) -> EnumSpec {
        var cases: [(value: YAMLNode, swiftName: String?)] = []
        switch node.kind {
        case .sequence(let items):
            cases = items.map { ($0, nil) }
        case .mapping(let pairs):
            cases = pairs.compactMap { pair in identifier(pair.key, "a case name").map { (pair.value, $0.value) } }
        case .scalar:
            diagnostics.error("'enum' of \(what) must list its values, e.g. '[active, banned]'", at: node.location)
        }
        if cases.isEmpty, node.scalar == nil {
            diagnostics.error("'enum' of \(what) needs at least one value", at: node.location)
        }
        let isInteger = !cases.isEmpty && cases.allSatisfy { if case .int = $0.value.value { true } else { false } }
        let values = cases.compactMap { item -> EnumCaseSpec? in
            guard let text = string(item.value, "a value of \(what)") else { return nil }
            return EnumCaseSpec(value: Named(text, at: item.value.location), swiftName: item.swiftName)
        }
        return EnumSpec(isInteger: isInteger, cases: values)
    }

    /// Fields by wire name: `id: Int`, or `id: { type: Int, doc: …, default: …, … }`.
    func decodeFields(_ fields: Mapping, of owner: String) -> [FieldSpec] {
        fields.pairs.compactMap { pair in
            guard let name = string(pair.key, "a field name of \(owner)") else { return nil }
            let what = "'\(name)' in \(owner)"
            let wireName = Named(name, at: pair.key.location)
            if pair.value.scalar != nil {
                guard let type = typeReference(pair.value, "the type of \(what)") else { return nil }
                return FieldSpec(name: wireName, type: type, typeLocation: pair.value.location)
            }
            guard let body = mapping(pair.value, what, expecting: "a type, or a mapping with 'type'") else { return nil }
            checkKeys(body, allowed: SpecKeys.field, in: what)
            guard let typeNode = body.required("type", example: "type: String", in: what, &diagnostics),
                  let type = typeReference(typeNode, "the type of \(what)") else { return nil }
            var field = FieldSpec(name: wireName, type: type, typeLocation: typeNode.location)
            field.doc = body["doc"].flatMap { string($0, "the 'doc' of \(what)") }
            field.defaultValue = body["default"]?.value
            field.nullable = body["nullable"].flatMap { bool($0, "'nullable' of \(what)") } ?? false
            field.nullWhenSent = field.nullable
            if type.mentions(.bool), let format = body["format"] {
                field.booleanFormat = booleanFormat(format, "'format' of the Bool \(what)")
            } else {
                field.dateFormat = body["format"].flatMap { dateFormat($0, "'format' of \(what)") }
            }
            field.keepsSlashes = body["keepSlashes"].flatMap { bool($0, "'keepSlashes' of \(what)") } ?? false
            field.arrayStyle = body["arrays"].flatMap { oneOf($0, "'arrays' of \(what)", SpecKeys.arrayStyles) }
            field.style = body["style"].flatMap { oneOf($0, "'style' of \(what)", ParameterStyle.allCases.map(\.rawValue)) }.flatMap(ParameterStyle.init(rawValue:))
            field.explode = body["explode"].flatMap { bool($0, "'explode' of \(what)") }
            field.swiftName = body["swift"].flatMap { identifier($0, "the Swift name of \(what)") }?.value
            field.deprecated = body["deprecated"].flatMap(deprecation)
            return field
        }
    }
}
