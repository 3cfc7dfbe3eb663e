import Foundation

extension APISpec {
    /// The spec with models that would be declared alike under different names made one: an
    /// inline schema written out again in another operation (`order: { enum: [asc, desc] }` in
    /// every list operation) is the same type, and one written out like a component schema is
    /// that component. Component schemas the document defines alike keep their names.
    ///
    /// A group of inline models takes the words their names end with in common (`Order` for
    /// `ListAnswersOrder` and `ListBadgesOrder`) when no other type has that name, else the
    /// first one's name. Every reference follows.
    func sharingIdenticalModels(components: Set<String>) -> APISpec {
        // Models that differed only in the names of models now made one are alike in turn.
        var spec = self
        for _ in 0..<16 {
            guard let next = spec.sharingIdenticalModelsOnce(components: components) else { break }
            spec = next
        }
        return spec
    }

    /// One round of `sharingIdenticalModels`; `nil` when no two models are alike.
    private func sharingIdenticalModelsOnce(components: Set<String>) -> APISpec? {
        var groups: [ModelSpec: [ModelSpec]] = [:]
        var order: [ModelSpec] = []
        for model in models {
            // An inline schema's description is its property's too: alike but for it is alike.
            let shape = Self.shape(of: model)
            if groups[shape] == nil { order.append(shape) }
            groups[shape, default: []].append(model)
        }
        var taken = Set(models.map(\.name.value) + errors.map(\.name.value) + strategies.map(\.name.value) + interfaces.map(\.name.value))
        var names: [String: String] = [:]
        var docs: [String: String?] = [:]
        for shape in order {
            guard let group = groups[shape], group.count > 1 else { continue }
            let inline = group.filter { !components.contains($0.name.value) }
            guard !inline.isEmpty else { continue }
            let canonical: String
            if let component = group.first(where: { components.contains($0.name.value) }) {
                canonical = component.name.value
            } else if let common = Self.commonTrailingWords(inline.map(\.name.value)).first(where: { !taken.contains($0) && isFree($0) }) {
                canonical = common
                taken.insert(common)
            } else {
                canonical = inline[0].name.value
            }
            for model in inline where model.name.value != canonical {
                names[model.name.value] = canonical
            }
            if !components.contains(canonical) {
                // The type keeps a description only when every place says the same.
                docs[canonical] = Set(inline.map(\.doc)).count == 1 ? inline[0].doc : nil
            }
        }
        guard !names.isEmpty else { return nil }
        var spec = renamed(names)
        var declared: Set<String> = []
        spec.models = spec.models.filter { declared.insert($0.name.value).inserted }.map { model in
            guard let doc = docs[model.name.value] else { return model }
            var model = model
            model.doc = doc
            return model
        }
        return spec.withoutRepeatedUnionMembers()
    }

    /// A union whose members were made one type keeps that type once; a union left with one
    /// member that names a model is that model.
    private func withoutRepeatedUnionMembers() -> APISpec {
        var spec = self
        var collapsed: [String: String] = [:]
        spec.models = models.compactMap { model in
            guard case .union(var union) = model.kind else { return model }
            var seen: Set<TypeReference> = []
            union.variants = union.variants.filter { $0.value != nil || seen.insert($0.type).inserted }
            if union.variants.count == 1, union.discriminator == nil, let only = union.variants[0].type.name {
                collapsed[model.name.value] = only
                return nil
            }
            var model = model
            model.kind = .union(union)
            return model
        }
        return collapsed.isEmpty ? spec : spec.renamed(collapsed)
    }

    /// Whether a type may take `name`: no keyword, nothing generated code uses, not the client's.
    private func isFree(_ name: String) -> Bool {
        let api = SwiftName.type(self.name.value)
        return !Vocabulary.isReserved(name)
            && Vocabulary.namesGeneratedCodeUses[name] == nil && BuiltIn(rawValue: name) == nil
            && name != api + "Client" && name != api + "Stubs"
    }

    /// What a model declares, without its name, its description or where it was written.
    static func shape(of model: ModelSpec) -> ModelSpec {
        let nowhere = SourceLocation(file: "", line: 0, column: 0)
        func anywhere(_ named: Named) -> Named { Named(named.value, at: nowhere) }
        // A model that holds itself names itself; another like it names itself too.
        func selfless(_ type: TypeReference) -> TypeReference {
            switch type {
            case .builtIn: type
            case .named(let name): .named(name == model.name.value ? "Self" : name)
            case .optional(let wrapped): .optional(selfless(wrapped))
            case .array(let element): .array(selfless(element))
            case .dictionary(let value): .dictionary(selfless(value))
            }
        }
        var shape = model
        shape.name = Named("", at: nowhere)
        shape.doc = nil
        shape.allOf = model.allOf.map(anywhere)
        shape.additionalProperties = model.additionalProperties.map(selfless)
        switch model.kind {
        case .object(let fields):
            shape.kind = .object(fields.map { field in
                var field = field
                field.name = anywhere(field.name)
                field.typeLocation = nowhere
                field.type = selfless(field.type)
                return field
            })
        case .enumeration(var enumeration):
            enumeration.cases = enumeration.cases.map { enumCase in
                var enumCase = enumCase
                enumCase.value = anywhere(enumCase.value)
                return enumCase
            }
            shape.kind = .enumeration(enumeration)
        case .union(var union):
            union.discriminator = union.discriminator.map(anywhere)
            union.variants = union.variants.map { variant in
                var variant = variant
                variant.typeLocation = nowhere
                variant.value = variant.value.map(anywhere)
                variant.type = selfless(variant.type)
                return variant
            }
            shape.kind = .union(union)
        }
        return shape
    }

    /// The names made of the capitalised words `names` end with in common, shortest first
    /// (`Owner`, then `ItemOwner` for `ListItemOwner` and `GetItemOwner`); none when they
    /// share no word.
    private static func commonTrailingWords(_ names: [String]) -> [String] {
        let split = names.map(Self.words)
        guard var common = split.first else { return [] }
        for words in split.dropFirst() {
            // The unbroken run of words both end with.
            var run: [String] = []
            for (mine, theirs) in zip(common.reversed(), words.reversed()) {
                guard mine == theirs else { break }
                run.insert(mine, at: 0)
            }
            common = run
        }
        return (0..<common.count).reversed().map { common[$0...].joined() }.filter { $0.first?.isLetter == true }
    }

    /// `ListAnswersOrder` → `List`, `Answers`, `Order`; digits stay with the word before them.
    private static func words(_ name: String) -> [String] {
        var words: [String] = []
        for character in name {
            if character.isUppercase || words.isEmpty {
                words.append(String(character))
            } else {
                words[words.count - 1].append(character)
            }
        }
        return words
    }
}
