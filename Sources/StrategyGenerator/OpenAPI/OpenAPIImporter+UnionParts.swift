/// `allOf: [U, O…]` where `U` is a union (`oneOf` or `anyOf`) and the other parts are objects: a
/// value is one of `U`'s members with `O`'s fields besides, so the union's every member takes
/// those fields (`Message: allOf: [MessageBody, {required: [role]}]`, `MessageBody: oneOf: [A, B]`
/// is `oneOf: [A and role, B and role]`).
extension OpenAPIImporter {
    /// The union of each of the union part's members with the other parts' fields; `nil` when
    /// the other parts declare no field, or no member is an object those fields can join.
    mutating func unionWithParts(_ schema: YAMLNode, union part: YAMLNode, index: Int, hint: String, pointer: JSONPointer, beside: Bool = false) -> TypeReference? {
        let key = InlineSchema(location: schema.location, filesAllowed: filesAllowed)
        if let known = inlineModels[key] { return .named(known) }
        let unionNode = lookUp(part).node ?? part
        let listKey = unionNode["oneOf"] != nil ? "oneOf" : "anyOf"
        guard let members = unionNode[listKey]?.items else { return nil }
        let others = (schema["allOf"]?.items ?? []).enumerated().filter { $0.offset != index }.map(\.element)
        // Parts that only require or describe leave the union as it is.
        guard others.contains(where: { !isAnnotation($0) && !isConstraint($0) }) else { return nil }
        let name = uniqueTypeName(hint)
        let discriminator = unionNode["discriminator"]?["propertyName"]
        let mapping = unionNode["discriminator"]?["mapping"]?.members ?? []
        let modelCount = models.count
        var variants: [UnionVariant] = []
        for (offset, member) in members.enumerated() where !isNullSchema(member) {
            let at = beside ? pointer.appending(listKey).appending(offset) : pointer.appending("allOf").appending(index).appending(listKey).appending(offset)
            guard isObject(lookUp(member).node ?? member) || isConstraint(member) else {
                warn("member \(offset) of the '\(listKey)' in 'allOf' part \(index) is not an object, so no value is it and the other parts' object; it is left out", at: member.location, at)
                continue
            }
            let memberName = uniqueTypeName(name + memberSuffix(member, offset: offset))
            let merged = YAMLNode(kind: .mapping([(
                key: YAMLNode(kind: .scalar("allOf", quoted: false), location: member.location),
                value: YAMLNode(kind: .sequence([member] + others), location: member.location)
            )]), location: member.location)
            guard let model = model(named: memberName, merged, pointer: at) else {
                typeNames.remove(memberName)
                warn("member \(offset) of the '\(listKey)' in 'allOf' part \(index) has a type the spec format can't say yet; it is left out", at: member.location, at)
                continue
            }
            add(model)
            let value = discriminator == nil ? nil : discriminatingValue(of: member, mapping: mapping)
            variants.append(UnionVariant(type: .named(memberName), typeLocation: member.location, value: value))
        }
        guard !variants.isEmpty else {
            discardModels(from: modelCount)
            typeNames.remove(name)
            return nil
        }
        var union = UnionSpec(discriminator: discriminator.flatMap { node in node.scalar.map { Named($0, at: node.location) } }, variants: variants)
        if union.discriminator != nil, variants.contains(where: { $0.value == nil }) {
            union.discriminator = nil
            for offset in union.variants.indices { union.variants[offset].value = nil }
        }
        add(ModelSpec(name: Named(name, at: schema.location), doc: description(of: schema), kind: .union(union), deprecated: nil))
        inlineModels[key] = name
        return .named(name)
    }

    /// `{properties: P, oneOf: [A, B]}`: a value is one of the members with `P`'s fields besides,
    /// as `allOf: [{oneOf: [A, B]}, {properties: P}]` is, the members' discriminator included;
    /// a member may only require (`oneOf: [{required: [category]}, {required: [categorySlug]}]`).
    /// `nil` when a member is neither an object nor such a constraint, and the object's fields
    /// stand alone.
    mutating func unionBesideProperties(_ schema: YAMLNode, hint: String, pointer: JSONPointer) -> TypeReference? {
        guard hasUnionBesideProperties(schema), let list = schema["oneOf"], case .mapping(let pairs) = schema.kind else { return nil }
        let location = schema.location
        let unionKeys: Set<String> = ["oneOf", "discriminator"]
        let unionNode = YAMLNode(kind: .mapping(pairs.filter { unionKeys.contains($0.key.scalar ?? "") }), location: list.location)
        let rest = YAMLNode(kind: .mapping(pairs.filter { !unionKeys.contains($0.key.scalar ?? "") }), location: location)
        let annotations = pairs.filter { Self.annotationKeys.contains($0.key.scalar ?? "") }
        let allOf = YAMLNode(kind: .scalar("allOf", quoted: false), location: location)
        let whole = YAMLNode(kind: .mapping(annotations + [
            (key: allOf, value: YAMLNode(kind: .sequence([unionNode, rest]), location: location)),
        ]), location: location)
        return unionWithParts(whole, union: unionNode, index: 0, hint: hint, pointer: pointer, beside: true)
    }

    /// Whether `schema` is an object with properties and a `oneOf` of objects or of what they
    /// require, which ``unionBesideProperties(_:hint:pointer:)`` makes a union.
    func hasUnionBesideProperties(_ schema: YAMLNode) -> Bool {
        guard schema["properties"] != nil, schema["allOf"] == nil, schema["oneOf"] != nil,
              let members = unionMembers(schema), members.count > 1 else { return false }
        return members.allSatisfy { isObject(lookUp($0).node ?? $0) || isConstraint($0) }
    }

    /// What tells a member's model apart in its name: the schema it names, its title, or its place.
    private func memberSuffix(_ member: YAMLNode, offset: Int) -> String {
        if let reference = member.reference, let key = componentKey(reference, section: "schemas") {
            return SwiftIdentifier.type(key, fallback: "Option\(offset + 1)")
        }
        return member["title"]?.scalar.map { SwiftIdentifier.type($0, fallback: "Option\(offset + 1)") } ?? "Option\(offset + 1)"
    }
}
