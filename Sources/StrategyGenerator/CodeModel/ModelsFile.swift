extension CodeContext {
    /// `NAME.Models.swift`: a `Codable` struct per object model and an enum per enum model.
    func modelsFile() -> SwiftFile {
        let declarations = spec.models.map { model -> Declaration in
            switch model.kind {
            case .object(let fields):
                .type(objectModel(
                    name: SwiftName.escaped(model.name.value), fields: fields, access: access,
                    docs: docLines(model.doc), attributes: deprecatedAttribute(model.deprecated)
                ))
            case .enumeration(let enumeration):
                .type(enumModel(model, enumeration))
            }
        }
        return file("Models", imports: ["Foundation", "StrategyKit"], declarations)
    }

    /// A struct of `fields` that encodes to and decodes from the JSON object the spec describes.
    ///
    /// It spells out `Codable` itself only where the synthesized one can't do: dates in a
    /// declared format, defaults for missing keys, `nullable` fields always encoded.
    func objectModel(name: String, fields: [FieldSpec], access: String?, docs: [String] = [], attributes: [String] = [], conformances: [String] = ["Codable", "Hashable", "Sendable"]) -> TypeDeclaration {
        var members = storedProperties(fields, access: access)
        let renamed = fields.contains { storageName($0) != $0.name.value }
        let custom = fields.contains { $0.type.namedTypes.contains("Date") || $0.defaultValue != nil || $0.nullable }
        if renamed || custom {
            members.append(.type(codingKeys(fields)))
        }
        if custom {
            let memberAccess = access == "private" ? nil : access
            members.append(.function(decodingInitializer(fields, access: memberAccess)))
            members.append(.function(encodeFunction(fields, access: memberAccess)))
        }
        return TypeDeclaration(docs: docs, attributes: attributes, access: access, kind: .struct, name: name, inherits: conformances, members: members)
    }

    /// Maps each Swift property to its JSON key where the two differ.
    private func codingKeys(_ fields: [FieldSpec]) -> TypeDeclaration {
        let cases = fields.map { field in
            let name = storageName(field)
            let rawValue = name == field.name.value ? nil : SwiftName.stringLiteral(field.name.value)
            return Declaration.enumCase(docs: [], name: SwiftName.escaped(name), rawValue: rawValue)
        }
        return TypeDeclaration(access: "private", kind: .enum, name: "CodingKeys", inherits: ["String", "CodingKey"], members: cases)
    }

    private func decodingInitializer(_ fields: [FieldSpec], access: String?) -> Function {
        let lines = fields.map { field -> Statement in
            let name = storageName(field)
            let key = ".\(SwiftName.escaped(name))"
            let type = field.type.unwrappingOptional
            let optional = field.type.isOptional || field.defaultValue != nil
            var call: String
            if type == .named("Date") || type == .array(.named("Date")) {
                let format = dateFormatExpression(dateFormat(field))
                call = "container.\(optional ? "decodeIfPresent" : "decode")(\(swiftType(type)).self, forKey: \(key), format: \(format))"
            } else if field.nullable && !field.type.isOptional {
                call = "container.decode(\(swiftType(type))?.self, forKey: \(key))"
            } else {
                call = "container.\(optional ? "decodeIfPresent" : "decode")(\(swiftType(type)).self, forKey: \(key))"
            }
            if let value = field.defaultValue {
                call += " ?? \(literal(value, as: field.type))"
            }
            return .line("self.\(SwiftName.escaped(name)) = try \(call)")
        }
        return Function(
            access: access,
            name: "init",
            parameters: [Function.Parameter(label: "from", name: "decoder", type: "any Decoder")],
            isThrowing: true,
            body: [.line("let container = try decoder.container(keyedBy: CodingKeys.self)")] + lines
        )
    }

    private func encodeFunction(_ fields: [FieldSpec], access: String?) -> Function {
        let lines = fields.map { field -> Statement in
            let name = storageName(field)
            let key = ".\(SwiftName.escaped(name))"
            let type = field.type.unwrappingOptional
            let method = field.type.isOptional && !field.nullable ? "encodeIfPresent" : "encode"
            if type == .named("Date") || type == .array(.named("Date")) {
                let format = dateFormatExpression(dateFormat(field))
                return .line("try container.\(method)(\(SwiftName.escaped(name)), forKey: \(key), format: \(format))")
            }
            return .line("try container.\(method)(\(SwiftName.escaped(name)), forKey: \(key))")
        }
        return Function(
            access: access,
            name: "encode",
            parameters: [Function.Parameter(label: "to", name: "encoder", type: "any Encoder")],
            isThrowing: true,
            body: [.line("var container = encoder.container(keyedBy: CodingKeys.self)")] + lines
        )
    }

    /// An enum with a case per value and an `unknown` case for values the spec doesn't list,
    /// so a server that adds a value doesn't break decoding.
    private func enumModel(_ model: ModelSpec, _ enumeration: EnumSpec) -> TypeDeclaration {
        let rawType = enumeration.isInteger ? "Int" : "String"
        let cases = enumeration.cases.map { item in
            (name: SwiftName.escaped(item.swiftName ?? SwiftName.member(item.value.value)),
             raw: enumeration.isInteger ? item.value.value : SwiftName.stringLiteral(item.value.value))
        }
        var members: [Declaration] = cases.map { .enumCase(docs: [], name: $0.name, rawValue: nil) }
        members.append(.enumCase(docs: ["A value this spec doesn't list."], name: "unknown(\(rawType))", rawValue: nil))
        members.append(.function(Function(
            access: access, name: "init",
            parameters: [Function.Parameter(name: "rawValue", type: rawType)],
            body: [.switchOver("rawValue", cases.map { SwitchCase(pattern: $0.raw, body: [.line("self = .\($0.name)")]) }
                + [SwitchCase(pattern: nil, body: [.line("self = .unknown(rawValue)")])])]
        )))
        members.append(.property(Property(
            access: access, name: "rawValue", type: rawType,
            getter: [.switchOver("self", cases.map { SwitchCase(pattern: ".\($0.name)", body: [.line($0.raw)]) }
                + [SwitchCase(pattern: ".unknown(let rawValue)", body: [.line("rawValue")])])]
        )))
        members.append(.function(Function(
            access: access, name: "init",
            parameters: [Function.Parameter(label: "from", name: "decoder", type: "any Decoder")],
            isThrowing: true,
            body: [.line("self.init(rawValue: try decoder.singleValueContainer().decode(\(rawType).self))")]
        )))
        members.append(.function(Function(
            access: access, name: "encode",
            parameters: [Function.Parameter(label: "to", name: "encoder", type: "any Encoder")],
            isThrowing: true,
            body: [.line("var container = encoder.singleValueContainer()"), .line("try container.encode(rawValue)")]
        )))
        return TypeDeclaration(
            docs: docLines(model.doc),
            attributes: deprecatedAttribute(model.deprecated),
            access: access,
            kind: .enum,
            name: SwiftName.escaped(model.name.value),
            inherits: ["Codable", "Hashable", "Sendable", "RawRepresentable", "ParameterValue"],
            members: members
        )
    }
}
