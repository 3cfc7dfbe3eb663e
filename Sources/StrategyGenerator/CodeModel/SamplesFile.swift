import Foundation

extension CodeContext {
    /// `NAME.Samples.swift`: a `sample` of every model and of every strategy's input, for
    /// previews, tests and stubs. Each is built from the spec's examples where it gives them (a
    /// parameter's, a model's, a field's), from the field's format and bounds, or from its type:
    /// an enum's first value, a union's first member, a list of one element, a map of one entry,
    /// every optional field filled, so that what a sample sends exercises the whole request.
    ///
    /// Where what is sent may be `null` (a nullable field, or a model holding one), or a union
    /// has several members, a `fullSample` beside it sends each such field as `null` and a
    /// union's last member, so that the two together send more of what a request can carry.
    func samplesFile() -> SwiftFile {
        var writer = SampleWriter(context: self)
        var nulling = SampleWriter(context: self, sendsNulls: true)
        var declarations: [Declaration] = []
        for model in resolved.models {
            guard let sample = writer.sample(ofModel: model.name.value) else { continue }
            let full = nulling.holdsNulls(.named(model.name.value)) ? nulling.sample(ofModel: model.name.value) : nil
            declarations.append(sampleExtension(
                of: SwiftName.escaped(model.name.value), sample, full, docs: "`\(model.name.value)`",
                attributes: deprecatedAttribute(model.deprecation)
            ))
        }
        for strategy in resolved.strategies where bodyAsInput(strategy) == nil {
            let inputs = inputFields(strategy)
            guard !inputs.isEmpty, let sample = writer.sample(ofFields: inputs) else { continue }
            let full = inputs.contains { nulling.holdsNulls($0) } ? nulling.sample(ofFields: inputs) : nil
            let name = SwiftName.escaped(strategy.name.value)
            declarations.append(sampleExtension(
                of: "\(name).Input", sample, full, docs: "input of `\(strategy.name.value)`",
                attributes: deprecatedAttribute(strategy.deprecation)
            ))
        }
        return file("Samples", imports: ["Foundation", "StrategyKit"], declarations)
    }

    private func sampleExtension(of type: String, _ sample: Expression, _ full: Expression?, docs: String, attributes: [String] = []) -> Declaration {
        var members: [Declaration] = [
            .property(Property(docs: ["A sample \(docs), for previews and tests."], access: access, isStatic: true, name: "sample", type: "Self", getter: [.expression(sample)])),
        ]
        if let full {
            members.append(.property(Property(
                docs: ["Another sample \(docs): `null` where a value may be, and each union's last member."],
                access: access, isStatic: true, name: "fullSample", type: "Self", getter: [.expression(full)]
            )))
        }
        return .type(TypeDeclaration(attributes: attributes, kind: .extension, name: type, members: members))
    }
}

/// Writes samples as Swift expressions. A model's sample refers to the samples of the models it
/// holds (`owner: .sample`) once they are written, so each is written once; a model met again
/// while its own sample is being written stops there: an optional field is left out, a list or
/// map is empty, and a model that can't be without itself has no sample.
struct SampleWriter {
    let context: CodeContext
    private var models: [String: ModelSpec] = [:]
    /// Whether each model has a sample, once decided.
    private var decided: [String: Bool] = [:]
    private var writing: Set<String> = []
    /// Models whose sample couldn't be written from the model being written now; tried again on their own.
    private var failedHere: Set<String> = []
    private var samples: [String: Expression] = [:]
    /// How many values the sample being written has built. Past ``budget`` a model met again is
    /// written as its own `.sample` rather than from the example at hand, and past four times
    /// that the sample is given up: models that reach each other through large examples could
    /// otherwise make the work grow without limit.
    private var spent = 0
    private static let budget = 20_000
    /// The models whose values are being built, outermost first.
    private var building: [String] = []
    /// The fields (`Model.field`) whose own example is being written out, outermost first.
    private var examplesInUse: [String] = []
    /// The models a request sends.
    private let sentModels: Set<String>
    private let deprecated: Set<String>
    /// The samples as JSON, which tell which member of a union a sample is a value of.
    private let json: SampleJSON

    /// Whether this writer writes `fullSample`s: every nullable field `null`, and the models
    /// that hold one as their own `fullSample`.
    private let sendsNulls: Bool
    /// The models sent that hold a field that may be `null`, directly or through a model's field.
    private var nullHolders: Set<String> = []

    init(context: CodeContext, sendsNulls: Bool = false) {
        self.context = context
        self.sendsNulls = sendsNulls
        deprecated = Set(context.resolved.models.filter { $0.deprecation != nil }.map(\.name.value))
        sentModels = Set(context.resolved.models.filter { $0.use.contains(.encoded) }.map(\.name.value))
        json = SampleJSON(context.spec)
        for model in context.spec.uses.flatMap(\.models) + context.resolved.models.map(\.spec) {
            models[model.name.value] = model
        }
        guard sendsNulls else { return }
        var changed = true
        while changed {
            changed = false
            for name in sentModels.subtracting(nullHolders).sorted() {
                switch models[name]?.kind {
                case .object(let fields)? where fields.contains(where: holdsNulls): break
                // A union's full sample is of another member than its sample's.
                case .union(let union)? where union.variants.count > 1 || union.variants.contains(where: { holdsNulls($0.type) }): break
                default: continue
                }
                nullHolders.insert(name)
                changed = true
            }
        }
    }

    /// Whether a value of `field` may send `null`: it is nullable, or its type holds a model that
    /// has such a field.
    func holdsNulls(_ field: FieldSpec) -> Bool {
        !(field.deprecated != nil && field.canBeLeftOut) && (field.nullable && field.nullWhenSent || holdsNulls(field.type))
    }

    /// Whether `type` names a model sent that has a field that may be `null`.
    func holdsNulls(_ type: TypeReference) -> Bool {
        switch type {
        case .optional(let wrapped), .array(let wrapped), .dictionary(let wrapped): holdsNulls(wrapped)
        case .named(let name): nullHolders.contains(name)
        case .builtIn: false
        }
    }

    /// The sample of model `name`; `nil` when it has none.
    mutating func sample(ofModel name: String) -> Expression? {
        (failedHere, spent) = ([], 0)
        return has(name, depth: 0) ? samples[name] : nil
    }

    /// A sample of a strategy's input: a value for each of its fields.
    mutating func sample(ofFields fields: [FieldSpec]) -> Expression? {
        (failedHere, spent) = ([], 0)
        return construct(type: "Self", fields: fields, given: nil, others: nil)
    }

    /// Whether `name.sample` may be written here: it exists, and doesn't lead back to a model
    /// whose sample is being written.
    private mutating func has(_ name: String, depth: Int) -> Bool {
        if let decided = decided[name] { return decided }
        guard !writing.contains(name), !failedHere.contains(name), depth < 64, let model = models[name] else { return false }
        writing.insert(name)
        let sample = construct(model, given: model.example, depth: depth + 1, ownSample: true)
        writing.remove(name)
        if let sample {
            (decided[name], samples[name]) = (true, sample)
        } else if depth == 0 {
            decided[name] = false
        } else {
            failedHere.insert(name)
        }
        return sample != nil
    }

    /// A value of `type` built around `given`, the spec's example for this place.
    mutating func expression(_ type: TypeReference, given: YAMLValue?, field: FieldSpec? = nil, depth: Int = 1) -> Expression? {
        spent += 1
        guard spent <= 4 * Self.budget else { return nil }
        let given = given == .null ? nil : given
        switch type {
        case .optional(let wrapped):
            return expression(wrapped, given: given, field: field, depth: depth)
        case .array(let element):
            if case .array(let items)? = given ?? field?.sampleHint, !items.isEmpty {
                let values = items.prefix(16).compactMap { expression(element, given: $0, field: field, depth: depth) }
                if values.count == min(items.count, 16) { return .array(prefix: "", elements: values, suffix: "") }
            }
            return .array(prefix: "", elements: expression(element, given: nil, field: field, depth: depth).map { [$0] } ?? [], suffix: "")
        case .dictionary(let element):
            if case .object(let keys, let values)? = given, let key = keys.first,
               let value = expression(element, given: values[key], field: field, depth: depth) {
                return .dictionary(prefix: "", entries: [DictionaryEntry(SwiftName.stringLiteral(key), value)], suffix: "")
            }
            let entries = expression(element, given: nil, depth: depth).map { [DictionaryEntry(#""key""#, $0)] } ?? []
            return .dictionary(prefix: "", entries: entries, suffix: "")
        case .builtIn(.file):
            return .code(#"RequestBody.File(filename: "sample.bin", data: Data("sample".utf8))"#)
        case .builtIn(.data):
            return .code(#"Data("sample".utf8)"#)
        case .builtIn(.json):
            // Any JSON: an object with a key, which a free-form object takes.
            return .code(context.jsonLiteral(given ?? field?.sampleHint ?? .object(["key"], ["key": .string("value")])))
        case .builtIn(let type):
            return builtin(type, given: given, field: field)
        case .named(let name):
            guard let model = models[name] else { return nil }
            if case .enumeration(let enumeration) = model.kind {
                let value = given.flatMap { enumeration.listedCase($0) == nil ? nil : $0 } ?? enumeration.cases.first.map { enumeration.isInteger ? .int(Int($0.value.value) ?? 0) : .string($0.value.value) }
                return value.map { .code("." + SwiftName.escaped(context.enumCaseName($0, in: enumeration))) }
            }
            // The spec's own value is written out; elsewhere the model's sample serves.
            if let given, spent <= Self.budget, let value = construct(model, given: given, depth: depth + 1) { return value }
            guard has(name, depth: depth) else { return nil }
            return .code(sendsNulls && nullHolders.contains(name) ? ".fullSample" : ".sample")
        }
    }

    /// Whether a union's member is a deprecated case: one of a deprecated type in a union that
    /// isn't deprecated, which a sample doesn't name.
    private func isDeprecatedMember(_ variant: UnionVariant, of model: ModelSpec) -> Bool {
        !deprecated.contains(model.name.value) && variant.type.mentions(context.resolved.deprecatedModels)
    }

    /// A value of a model, built around `given`.
    private mutating func construct(_ model: ModelSpec, given: YAMLValue?, depth: Int, ownSample: Bool = false) -> Expression? {
        guard depth < 64 else { return nil }
        // As the body of the model's own `sample`, `Self` names it even where a member of the
        // model has the model's name; elsewhere a deprecated model is named only where it is
        // deprecated too.
        let type = ownSample ? "Self" : deprecated.contains(model.name.value) ? ".init" : SwiftName.escaped(model.name.value)
        switch model.kind {
        case .enumeration:
            return expression(.named(model.name.value), given: given, depth: depth)
        case .union(let union) where given == nil && json.canTellApart(union):
            // The first member that has a sample, without what would make it a value of others;
            // for a full sample, the last, so that the two send two of the members.
            // A full sample's member must be one a value of it alone can be; else as the sample.
            let members = Array(union.variants.enumerated())
            let tried = sendsNulls ? members.reversed().filter { distinguishing($0.element.type, as: $0.offset, in: union).alone } + members : members
            for (offset, variant) in tried where !isDeprecatedMember(variant, of: model) {
                let (omitted, _) = distinguishing(variant.type, as: offset, in: union)
                let value: Expression?
                if !omitted.isEmpty, case .named(let name) = variant.type, let member = models[name], case .object(let fields) = member.kind {
                    building.append(name)
                    value = construct(type: SwiftName.escaped(name), fields: fields, given: nil, others: member.additionalProperties, depth: depth + 1, omitting: omitted)
                    building.removeLast()
                } else {
                    value = expression(variant.type, given: nil, depth: depth)
                }
                guard let value else { continue }
                return prefixed(value, ".\(SwiftName.escaped(variant.caseName))(", ")")
            }
            return nil
        case .union(let union):
            // A full sample's member is the last only where the discriminator tells it apart.
            for variant in sendsNulls && union.discriminator != nil ? union.variants.reversed() : union.variants where !isDeprecatedMember(variant, of: model) {
                var given = given
                if let discriminator = union.discriminator, let kind = variant.value {
                    // The member says which it is.
                    var (keys, values) = if case .object(let keys, let values)? = given { (keys, values) } else { ([String](), [String: YAMLValue]()) }
                    if values[discriminator.value] == nil { keys.append(discriminator.value) }
                    values[discriminator.value] = .string(kind.value)
                    given = .object(keys, values)
                }
                if let value = expression(variant.type, given: given, depth: depth) {
                    return prefixed(value, ".\(SwiftName.escaped(variant.caseName))(", ")")
                }
            }
            return union.discriminator == nil ? nil : .code(".unknown([:])")
        case .object(let fields):
            // What is only ever received is left out of a sample that is sent.
            let sent = sentModels.contains(model.name.value)
            let kept = sent ? fields.filter { !$0.isReadOnly || !context.propertyType($0).isOptional } : fields
            building.append(model.name.value)
            defer { building.removeLast() }
            return construct(type: type, fields: kept, given: given, others: model.additionalProperties, depth: depth)
        }
    }

    /// The optional properties a sample of the union's member at `offset` leaves out so that
    /// it is a value of that member alone, and whether it then is.
    private func distinguishing(_ type: TypeReference, as offset: Int, in union: UnionSpec) -> (omitted: Set<String>, alone: Bool) {
        var sampler = json
        guard let full = sampler.value(of: type) else { return ([], false) }
        let kept = sampler.distinguished(full, as: offset, in: union)
        let alone = sampler.members(of: union, matching: kept) == [offset]
        guard case .object(let keys, _) = full, case .object(let keptKeys, _) = kept else { return ([], alone) }
        return (Set(keys).subtracting(keptKeys), alone)
    }

    /// `type(field: value, …)`: a value for each field, from `given` or the field's own example;
    /// the optional fields named in `omitting` are left out.
    private mutating func construct(type: String, fields: [FieldSpec], given: YAMLValue?, others: TypeReference?, depth: Int = 1, omitting: Set<String> = []) -> Expression? {
        var values: [String: YAMLValue] = [:]
        if case .object(_, let given)? = given { values = given }
        var arguments: [Expression] = []
        for field in fields {
            // A deprecated part is left out where it can be: only a deprecated initializer sets it.
            if field.deprecated != nil && field.canBeLeftOut { continue }
            let label = SwiftName.argumentLabel(context.memberName(field))
            if sendsNulls, field.nullable, field.nullWhenSent {
                arguments.append(.code("\(label): \(field.isThreeState ? ".null" : "nil")"))
                continue
            }
            if omitting.contains(field.name.value), context.propertyType(field).isOptional {
                if context.defaultArgument(field) == nil { arguments.append(.code("\(label): nil")) }
                continue
            }
            // A field's own example serves once on the way down: a model that holds itself
            // would otherwise meet the same example again at every level.
            let key = (building.last ?? type) + "." + field.name.value
            let example = values[field.name.value] == nil && !examplesInUse.contains(key) ? field.example : nil
            if example != nil { examplesInUse.append(key) }
            let built = expression(field.type, given: values[field.name.value] ?? example, field: field, depth: depth)
            if example != nil { examplesInUse.removeLast() }
            guard let value = built else {
                if context.defaultArgument(field) != nil { continue }
                if context.propertyType(field).isOptional {
                    arguments.append(.code("\(label): nil"))
                    continue
                }
                return nil
            }
            arguments.append(prefixed(value, "\(label): " + (field.isThreeState ? ".value(" : ""), field.isThreeState ? ")" : ""))
        }
        if let others, let value = expression(.dictionary(others), given: nil, depth: depth) {
            let taken = Set(fields.map(context.memberName))
            let name = ["additionalProperties", "otherProperties"].first { !taken.contains($0) }
                ?? (2...).lazy.map { "additionalProperties\($0)" }.first { !taken.contains($0) }!
            arguments.append(prefixed(value, "\(name): ", ""))
        }
        return .call(prefix: type, arguments: arguments, suffix: "")
    }

    /// A built-in type's value: the spec's example, or one its constraints allow, where it
    /// fits; one built from the type otherwise.
    private func builtin(_ type: BuiltIn, given: YAMLValue?, field: FieldSpec?) -> Expression? {
        let format = field.map(context.dateFormat) ?? context.spec.defaults.dateFormat ?? .iso8601
        let value = [given, field?.sampleHint].compactMap { $0 }.first { SampleValues.fits($0, type, dateFormat: format) }
            ?? SampleValues.built(type, dateFormat: format)
        guard let value else { return nil }
        switch (type, value) {
        case (.date, _):
            let seconds = SampleValues.date(value, format: format)?.timeIntervalSince1970 ?? SampleValues.date.timeIntervalSince1970
            let written = seconds == seconds.rounded() && abs(seconds) < 1e15 ? String(Int(seconds)) : String(seconds)
            return .code("Date(timeIntervalSince1970: \(written))")
        case (.url, .string(let text)): return .code("URL(string: \(SwiftName.stringLiteral(text)))!")
        case (.uuid, .string(let text)): return .code("UUID(uuidString: \(SwiftName.stringLiteral(text.lowercased())))!")
        case (.double, .int(let number)), (.float, .int(let number)): return .code(String(number))
        default: return .code(context.literal(value, as: .builtIn(type)))
        }
    }

    /// `expression` written after `prefix` and before `suffix`, broken as it would be alone.
    private func prefixed(_ expression: Expression, _ prefix: String, _ suffix: String) -> Expression {
        switch expression {
        case .code(let code): .code(prefix + code + suffix)
        case .call(let inner, let arguments, let end): .call(prefix: prefix + inner, arguments: arguments, suffix: end + suffix)
        case .dictionary(let inner, let entries, let end): .dictionary(prefix: prefix + inner, entries: entries, suffix: end + suffix)
        case .array(let inner, let elements, let end): .array(prefix: prefix + inner, elements: elements, suffix: end + suffix)
        }
    }
}
