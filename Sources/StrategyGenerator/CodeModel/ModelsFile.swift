extension CodeContext {
    /// `NAME.Models.swift`: a `Codable` struct per model.
    func modelsFile() -> SwiftFile {
        file("Models", imports: ["Foundation"], spec.models.map { .type(model($0)) })
    }

    private func model(_ model: ModelSpec) -> TypeDeclaration {
        var members = storedProperties(model.fields)
        let renamed = model.fields.contains { SwiftName.member($0.name.value) != $0.name.value }
        if renamed {
            members.append(.type(codingKeys(model.fields)))
        }
        return TypeDeclaration(
            access: access,
            kind: .struct,
            name: SwiftName.escaped(model.name.value),
            inherits: ["Codable", "Hashable", "Sendable"],
            members: members
        )
    }

    /// Maps each Swift property to its JSON key where the two differ.
    private func codingKeys(_ fields: [FieldSpec]) -> TypeDeclaration {
        let cases = fields.map { field in
            let name = SwiftName.member(field.name.value)
            let rawValue = name == field.name.value ? nil : SwiftName.stringLiteral(field.name.value)
            return Declaration.enumCase(docs: [], name: SwiftName.escaped(name), rawValue: rawValue)
        }
        return TypeDeclaration(access: "private", kind: .enum, name: "CodingKeys", inherits: ["String", "CodingKey"], members: cases)
    }
}
