/// `allOf: [U, O…]` where `U` is a union (`oneOf` or `anyOf`) and the other parts are objects: a
/// value is one of `U`'s members with `O`'s fields besides, so the union's every member takes
/// those fields (`Message: allOf: [MessageBody, {required: [role]}]`, `MessageBody: oneOf: [A, B]`
/// is `oneOf: [A and role, B and role]`).
extension OpenAPIImporter {
    /// The union of each of the union part's members with the other parts' fields; `nil` when
    /// the other parts declare no field, or no member is an object those fields can join.
    mutating func unionWithParts(_ schema: YAMLNode, union part: YAMLNode, index: Int, hint: String, pointer: JSONPointer) -> TypeReference? {
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
            let at = pointer.appending("allOf").appending(index).appending(listKey).appending(offset)
            guard isObject(lookUp(member).node ?? member) else {
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

    /// What tells a member's model apart in its name: the schema it names, its title, or its place.
    private func memberSuffix(_ member: YAMLNode, offset: Int) -> String {
        if let reference = member.reference, let key = componentKey(reference, section: "schemas") {
            return SwiftIdentifier.type(key, fallback: "Option\(offset + 1)")
        }
        return member["title"]?.scalar.map { SwiftIdentifier.type($0, fallback: "Option\(offset + 1)") } ?? "Option\(offset + 1)"
    }
}
