extension CodeContext {
    /// An enum with a case per variant. A discriminated union reads its discriminator and decodes
    /// the variant it names, keeping a kind it doesn't list in `unknown` as the JSON it came as;
    /// any other union tries its variants in order. Either writes the variant's own JSON.
    func unionModel(_ model: ResolvedModel, _ union: UnionSpec) -> TypeDeclaration {
        let use = model.use
        let memberAccess = access == "private" ? nil : access
        // A member of a deprecated type is a deprecated case of a union that isn't, and coding that
        // names one, or calls a member's deprecated coding, is deprecated too: it is reached only
        // through `Decodable` and `Encodable`, which warn no one.
        let deprecatedMember = { (variant: UnionVariant) in model.deprecation == nil && variant.type.mentions(resolved.deprecatedModels) }
        var members: [Declaration] = union.variants.map { variant in
            .enumCase(
                docs: [],
                attributes: deprecatedMember(variant) ? deprecatedAttribute(.usingModel(variant.type.modelName ?? "")) : [],
                name: "\(SwiftName.escaped(variant.caseName))(\(swiftType(variant.type)))", rawValue: nil
            )
        }
        let coding = model.deprecation == nil && deprecatedCoding.contains(model.name.value) ? deprecatedAttribute(Deprecation(message: nil)) : []
        if union.discriminator != nil {
            members.append(.enumCase(docs: ["A kind this spec doesn't list, as it came."], name: "unknown(JSONValue)", rawValue: nil))
        }
        if use.contains(.decoded) {
            members.append(.function(Function(
                attributes: coding, access: memberAccess, name: "init",
                parameters: [Function.Parameter(label: "from", name: "decoder", type: "any Decoder")],
                isThrowing: true,
                body: union.discriminator.map { discriminatedDecoding(union, by: $0) } ?? orderedDecoding(union)
            )))
        }
        if use.contains(.encoded) {
            var cases = union.variants.map { variant in
                SwitchCase(pattern: ".\(SwiftName.escaped(variant.caseName))(let value)", body: [.line("try value.encode(to: encoder\(dateFormatArgument(variant)))")])
            }
            if union.discriminator != nil {
                cases.append(SwitchCase(pattern: ".unknown(let value)", body: [.line("try value.encode(to: encoder)")]))
            }
            members.append(.function(Function(
                attributes: coding, access: memberAccess, name: "encode",
                parameters: [Function.Parameter(label: "to", name: "encoder", type: "any Encoder")],
                isThrowing: true,
                body: [.switchOver("self", cases)]
            )))
        }
        let conformances = modelConformances(use) + ["Sendable"]
        return TypeDeclaration(
            docs: docLines(model.doc),
            attributes: deprecatedAttribute(model.deprecation),
            access: access,
            kind: layout.isIndirect(model) ? .indirectEnum : .enum,
            name: SwiftName.escaped(model.name.value),
            inherits: conformances,
            members: members
        )
    }

    private func discriminatedDecoding(_ union: UnionSpec, by discriminator: Named) -> [Statement] {
        var cases = union.variants.map { variant in
            SwitchCase(
                pattern: SwiftName.stringLiteral(variant.value?.value ?? ""),
                body: [.line("self = .\(SwiftName.escaped(variant.caseName))(try \(swiftType(variant.type))(from: decoder\(dateFormatArgument(variant))))")]
            )
        }
        cases.append(SwitchCase(pattern: nil, body: [.line("self = .unknown(try JSONValue(from: decoder))")]))
        let kind = "try decoder.container(keyedBy: JSONKey.self).decode(String.self, forKey: \(SwiftName.stringLiteral(discriminator.value)))"
        return [.switchOver(kind, cases)]
    }

    private func orderedDecoding(_ union: UnionSpec) -> [Statement] {
        guard let last = union.variants.last else { return [] }
        var lines: [Statement] = union.variants.dropLast().map { variant in
            .block("if let value = try? \(swiftType(variant.type))(from: decoder\(dateFormatArgument(variant)))", [
                .line("self = .\(SwiftName.escaped(variant.caseName))(value)"),
                .line("return"),
            ])
        }
        lines.append(.line("self = .\(SwiftName.escaped(last.caseName))(try \(swiftType(last.type))(from: decoder\(dateFormatArgument(last))))"))
        return lines
    }

    /// `, format: .iso8601` for a date variant, which is text in its format, not the number
    /// `Date`'s own coding writes; nothing for any other.
    private func dateFormatArgument(_ variant: UnionVariant) -> String {
        guard variant.type == .builtIn(.date) else { return "" }
        return ", format: " + dateFormatExpression(variant.dateFormat ?? spec.defaults.dateFormat ?? .iso8601)
    }
}
