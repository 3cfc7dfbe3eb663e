extension CodeContext {
    /// `NAME.Models.swift`: a struct per object model, coded the ways the API uses it, and an
    /// open enum per enum model.
    func modelsFile() -> SwiftFile {
        let declarations = resolved.models.flatMap { model -> [Declaration] in
            switch model.kind {
            case .object(let fields):
                [.type(objectModel(
                    name: SwiftName.escaped(model.name.value), fields: fields, additionalProperties: model.additionalProperties,
                    access: access, use: model.use, docs: docLines(model.doc), attributes: deprecatedAttribute(model.deprecation)
                ))]
            case .enumeration(let enumeration):
                [.type(enumModel(model, enumeration)), .type(parameterConformance(model))]
            case .union(let union):
                [.type(unionModel(model, union))]
            }
        }
        return file("Models", imports: ["Foundation", "StrategyKit"], declarations)
    }

    /// A struct of `fields` that decodes from the JSON object the spec describes if `use` says
    /// it is received, with constant properties unless it is also sent, and encodes to it if it
    /// is sent. It is `Equatable` where an error case carries it or the configuration asks.
    ///
    /// The struct spells out its coding, a line per field, keyed by the runtime's `JSONKey`s
    /// (string literals) rather than a `CodingKeys` enum of its own: the synthesized conformance
    /// of such an enum costs more to build than the rest of the struct, and the spelled-out
    /// coding runs as fast as the synthesized one.
    ///
    /// With `additionalProperties`, the struct also keeps the keys it doesn't declare, with values
    /// of that type, in a dictionary read from every other key and written back beside the fields.
    func objectModel(name: String, fields: [FieldSpec], additionalProperties: TypeReference? = nil, access: String?, use: ModelUse, docs: [String] = [], attributes: [String] = []) -> TypeDeclaration {
        let others = additionalProperties.map { otherKeysField(of: $0, beside: fields) }
        var members = storedProperties(fields + (others.map { [$0] } ?? []), access: access, isLet: !use.contains(.encoded))
        let memberAccess = access == "private" ? nil : access
        // Coding that names a deprecated type is deprecated too: it is reached only through
        // `Decodable` and `Encodable`, which warn no one.
        let coding = fields.contains(where: hidesDeprecatedType) ? deprecatedAttribute(Deprecation(message: nil)) : []
        if use.contains(.decoded) { members.append(.function(decodingInitializer(fields, others: others, access: memberAccess, attributes: coding))) }
        if use.contains(.encoded) { members.append(.function(encodeFunction(fields, others: others, access: memberAccess, attributes: coding))) }
        return TypeDeclaration(docs: docs, attributes: attributes, access: access, kind: .struct, name: name, inherits: modelConformances(use) + ["Sendable"], members: members)
    }

    /// What a model's use asks of it (`Codable`, `Decodable` or `Encodable`; `Equatable` for an
    /// error's payload), with what the configuration adds.
    func modelConformances(_ use: ModelUse) -> [String] {
        var conformances: [String] = switch (use.contains(.decoded), use.contains(.encoded)) {
        case (true, true): ["Codable"]
        case (true, false): ["Decodable"]
        case (false, true): ["Encodable"]
        case (false, false): []
        }
        if addedConformances.contains(.hashable) {
            conformances.append("Hashable")
        } else if use.contains(.compared) || addedConformances.contains(.equatable) {
            conformances.append("Equatable")
        }
        return conformances
    }

    /// The property that holds the keys a struct doesn't declare: `additionalProperties`, unless a
    /// field has that name.
    private func otherKeysField(of type: TypeReference, beside fields: [FieldSpec]) -> FieldSpec {
        let taken = Set(fields.map(memberName))
        let name = ["additionalProperties", "otherProperties"].first { !taken.contains($0) }
            ?? (2...).lazy.map { "additionalProperties\($0)" }.first { !taken.contains($0) }!
        var field = FieldSpec(name: Named(name, at: SourceLocation(file: "", line: 0, column: 0)), type: .dictionary(type), typeLocation: SourceLocation(file: "", line: 0, column: 0))
        field.swiftName = name
        field.doc = "The object's other keys, with their values."
        field.defaultValue = .object([], [:])
        return field
    }

    /// Whether a field's value is a date, a list or a map of them, each read and written in the
    /// field's format.
    static func holdsDates(_ type: TypeReference) -> Bool {
        [.builtIn(.date), .array(.builtIn(.date)), .dictionary(.builtIn(.date))].contains(type)
    }

    /// The set of the keys a struct's fields have, as a Swift literal.
    private func declaredKeys(_ fields: [FieldSpec]) -> String {
        "[" + fields.map { SwiftName.stringLiteral($0.name.value) }.joined(separator: ", ") + "]"
    }

    private func decodingInitializer(_ fields: [FieldSpec], others: FieldSpec?, access: String?, attributes: [String]) -> Function {
        var lines = fields.map { field -> Statement in
            let name = storageName(field)
            let key = SwiftName.stringLiteral(field.name.value)
            let type = field.type.unwrappingOptional
            let optional = field.type.isOptional || field.defaultValue != nil
            var call: String
            if field.isThreeState {
                let isDate = type == .builtIn(.date) || type == .array(.builtIn(.date))
                let format = isDate ? ", format: \(dateFormatExpression(dateFormat(field)))" : ""
                call = "container.decode(Nullable<\(swiftType(type))>.self, forKey: \(key)\(format))"
            } else if Self.holdsDates(type) {
                let format = dateFormatExpression(dateFormat(field))
                if field.nullable && !optional {
                    call = "container.decode(\(swiftType(type))?.self, forKey: \(key), format: \(format))"
                } else {
                    call = "container.\(optional ? "decodeIfPresent" : "decode")(\(swiftType(type)).self, forKey: \(key), format: \(format))"
                }
            } else if field.nullable && !field.type.isOptional {
                call = "container.decode(\(swiftType(type))?.self, forKey: \(key))"
            } else {
                call = "container.\(optional ? "decodeIfPresent" : "decode")(\(swiftType(type)).self, forKey: \(key))"
            }
            if let value = field.defaultValue, !field.isThreeState {
                call += " ?? \(literal(value, as: field.type))"
            }
            return .line("self.\(SwiftName.escaped(name)) = try \(layout.storesOnHeap(field) ? "Indirect(\(call))" : call)")
        }
        if let others, case .dictionary(let values) = others.type {
            let name = SwiftName.escaped(memberName(others))
            lines.append(.line("self.\(name) = try container.decodeAdditionalProperties(\(swiftType(values)).self, declared: \(declaredKeys(fields)))"))
        }
        return Function(
            attributes: attributes,
            access: access,
            name: "init",
            parameters: [Function.Parameter(label: "from", name: "decoder", type: "any Decoder")],
            isThrowing: true,
            body: lines.isEmpty
                ? [.line("_ = try decoder.container(keyedBy: JSONKey.self)")]
                : [.line("let container = try decoder.container(keyedBy: JSONKey.self)")] + lines
        )
    }

    private func encodeFunction(_ fields: [FieldSpec], others: FieldSpec?, access: String?, attributes: [String]) -> Function {
        var lines = encodingLines(fields, into: "container", from: nil)
        if let others {
            lines.append(.line("try container.encodeAdditionalProperties(\(SwiftName.escaped(memberName(others))), declared: \(declaredKeys(fields)))"))
        }
        return Function(
            attributes: attributes,
            access: access,
            name: "encode",
            parameters: [Function.Parameter(label: "to", name: "encoder", type: "any Encoder")],
            isThrowing: true,
            body: lines.isEmpty
                ? [.line("_ = encoder.container(keyedBy: JSONKey.self)")]
                : [.line("var container = encoder.container(keyedBy: JSONKey.self)")] + lines
        )
    }

    /// A line per field that writes it into the keyed container `container`: the struct's own
    /// property, or `owner`'s (`input.title`) when there is an owner. A read-only field (one the
    /// API only returns) is never sent.
    func encodingLines(_ fields: [FieldSpec], into container: String, from owner: String?) -> [Statement] {
        fields.filter { !$0.isReadOnly }.map { field -> Statement in
            let stored = layout.storesOnHeap(field) ? storageName(field) + ".value" : storageName(field)
            // A property named like the function's own names is reached through `self`.
            let path = owner.map { "\($0).\(stored)" } ?? (["container", "encoder"].contains(stored) ? "self." + stored : stored)
            let key = SwiftName.stringLiteral(field.name.value)
            let type = field.type.unwrappingOptional
            let method = field.type.isOptional && !field.nullable ? "encodeIfPresent" : "encode"
            if Self.holdsDates(type) {
                let format = dateFormatExpression(dateFormat(field))
                return .line("try \(container).\(method)(\(escapedPath(path)), forKey: \(key), format: \(format))")
            }
            return .line("try \(container).\(method)(\(escapedPath(path)), forKey: \(key))")
        }
    }

    /// The open enum's conformance to the runtime's `ParameterValue`, which lets its raw value
    /// stand in a path, a query, a header or a form; SPI, so the runtime's encoding stays out
    /// of the user's sight.
    private func parameterConformance(_ model: ResolvedModel) -> TypeDeclaration {
        TypeDeclaration(attributes: deprecatedAttribute(model.deprecation) + ["@_spi(Generated)"], kind: .extension, name: SwiftName.escaped(model.name.value), inherits: ["ParameterValue"])
    }

    /// A struct with a static value per value the spec lists, which also keeps any other value a
    /// server sends, so a server that adds a value doesn't break decoding; the runtime's
    /// `OpenEnum` gives it the rest.
    ///
    /// The values are computed (`static var file: Self { Self("file") }`), as swift-http-types
    /// writes its field names: a `static let` would add a global, its one-time initializer and
    /// an addressor per value to build.
    private func enumModel(_ model: ResolvedModel, _ enumeration: EnumSpec) -> TypeDeclaration {
        let rawType = enumeration.isInteger ? "Int" : "String"
        var members: [Declaration] = enumeration.cases.map { item in
            let name = SwiftName.escaped(item.swiftName ?? SwiftName.enumCase(item.value.value))
            let raw = enumeration.isInteger ? item.value.value : SwiftName.stringLiteral(item.value.value)
            return .property(Property(access: access, isStatic: true, name: name, type: "Self", getter: [.line("Self(\(raw))")]))
        }
        members.append(.property(Property(docs: ["The value as the API writes it."], access: access, isLet: true, name: "rawValue", type: rawType)))
        members.append(.function(Function(
            access: access, name: "init",
            parameters: [Function.Parameter(name: "rawValue", type: rawType)],
            body: [.line("self.rawValue = rawValue")]
        )))
        return TypeDeclaration(
            docs: docLines(model.doc),
            attributes: deprecatedAttribute(model.deprecation),
            access: access,
            kind: .struct,
            name: SwiftName.escaped(model.name.value),
            inherits: ["OpenEnum"],
            members: members
        )
    }

    /// `name` or `self.name` or `_name.value`, each name escaped where Swift reserves it.
    private func escapedPath(_ path: String) -> String {
        path.split(separator: ".").map { $0 == "self" ? "self" : SwiftName.escaped(String($0)) }.joined(separator: ".")
    }
}
