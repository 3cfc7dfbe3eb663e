import Foundation

/// What validation refuses in an imported document costs only what holds it, as the importer's
/// own faults do: an example, a parameter, property, union member or error payload is left out,
/// and an operation whose required input is refused, or that is refused itself, is left out
/// whole. Validation runs once: each fault names its element, every named element is left out in
/// one pass, and so is what refers to a schema that pass leaves out (a property, a parameter,
/// what an operation returns), in turn.
enum ImportedFaults {
    /// The warnings for what was left out of `spec` so that it validates. Errors that name no
    /// element the spec can drop stay, for validation to report.
    static func leaveOut(from spec: inout APISpec, pointers: [SourceLocation: String], checks: ImportChecks) -> [Diagnostic] {
        let faults = checks.faults(spec)
        guard !faults.isEmpty else { return [] }
        let models = Set(spec.models.map(\.name.value))
        var warnings: [Diagnostic] = []
        let warn = { (cause: String, what: String, location: SourceLocation) in
            let pointer = pointers[location].map { " (\($0))" } ?? ""
            warnings.append(.warning("\(cause); \(what) is left out\(pointer)", at: location))
        }
        // The strategies whose examples don't decode, by the place each example is written,
        // which many operations may share.
        var refusedExamples: [SourceLocation: Set<String>] = [:]
        for fault in faults {
            guard case .example(let strategy)? = fault.element, let location = fault.diagnostic.location else { continue }
            refusedExamples[location, default: []].insert(strategy)
        }
        // The members each union has lost, by their places before this pass: a later member's
        // place moves down by the ones before it that are gone.
        var lostMembers: [String: Set<Int>] = [:]
        for fault in faults {
            guard let location = fault.diagnostic.location, var element = fault.element else { continue }
            if case .unionMember(let model, let member) = element {
                guard lostMembers[model, default: []].insert(member).inserted else { continue }
                element = .unionMember(model: model, index: member - lostMembers[model, default: []].filter { $0 < member }.count)
            }
            let left = if case .example = element {
                spec.leaveOutExamples(at: location, of: refusedExamples[location] ?? [])
            } else {
                spec.leaveOut(element)
            }
            if let left { warn(fault.diagnostic.message, left, location) }
        }
        // What refers to a schema left out goes too, and so on, for what that leaves out.
        var gone = models.subtracting(spec.models.map(\.name.value))
        while !gone.isEmpty {
            let remaining = Set(spec.models.map(\.name.value))
            for model in gone.sorted() {
                for (element, location) in spec.references(toModel: model) {
                    if let left = spec.leaveOut(element) { warn("it refers to schema '\(model)', which is left out", left, location) }
                }
            }
            gone = remaining.subtracting(spec.models.map(\.name.value))
        }
        return warnings
    }
}

extension APISpec {
    /// Leaves out the examples written at `location` of the strategies named `refused`, which
    /// other operations may share and keep; says whose, or `nil` when none is left there.
    mutating func leaveOutExamples(at location: SourceLocation, of refused: Set<String>) -> String? {
        let unfit = strategies.indices.filter { strategies[$0].exampleLocation == location && refused.contains(strategies[$0].name.value) }
        guard !unfit.isEmpty else { return nil }
        for index in unfit { (strategies[index].example, strategies[index].exampleLocation) = (nil, nil) }
        return "the example of " + unfit.map { "operation '\(strategies[$0].name)'" }.joined(separator: ", ")
    }

    /// Leaves out `element`, or the operation it is a required input of; says what was left out,
    /// or `nil` when it is gone already.
    mutating func leaveOut(_ element: SpecElement) -> String? {
        switch element {
        case .strategy(let name):
            return strategies.firstIndex { $0.name.value == name }.map { removeStrategy(at: $0) }
        case .input(let name, let place, let field):
            guard let index = strategies.firstIndex(where: { $0.name.value == name }),
                  let input = strategies[index].inputs(at: place).first(where: { $0.name.value == field }) else { return nil }
            guard input.type.isOptional else { return removeStrategy(at: index) }
            let isIt = { (candidate: FieldSpec) in candidate == input }
            switch place {
            case .path: return removeStrategy(at: index)
            case .query: strategies[index].query.removeAll(where: isIt)
            case .header: strategies[index].headers.removeAll(where: isIt)
            case .cookie: strategies[index].cookies.removeAll(where: isIt)
            case .body: strategies[index].body = strategies[index].body?.removingFields(where: isIt)
            }
            return "parameter '\(input.name)'"
        case .returns(let name):
            guard let index = strategies.firstIndex(where: { $0.name.value == name }), strategies[index].returns != nil else { return nil }
            strategies[index].returns = nil
            strategies[index].unwrap = nil
            return "what operation '\(strategies[index].name)' returns"
        case .responseHeader(let name, let header):
            guard let index = strategies.firstIndex(where: { $0.name.value == name }),
                  strategies[index].responseHeaders.contains(where: { $0.name.value == header }) else { return nil }
            strategies[index].responseHeaders.removeAll { $0.name.value == header }
            return "a response header"
        case .model(let name):
            guard let index = models.firstIndex(where: { $0.name.value == name }) else { return nil }
            models.remove(at: index)
            return "schema '\(name)'"
        case .property(let name, let property):
            guard let index = models.firstIndex(where: { $0.name.value == name }), case .object(let fields) = models[index].kind,
                  let field = fields.first(where: { $0.name.value == property }) else { return nil }
            models[index].kind = .object(fields.filter { $0 != field })
            return "property '\(field.name)'"
        case .unionMember(let name, let member):
            guard let index = models.firstIndex(where: { $0.name.value == name }), case .union(var union) = models[index].kind,
                  union.variants.indices.contains(member) else { return nil }
            union.variants.remove(at: member)
            if union.variants.isEmpty {
                models.remove(at: index)
                return "schema '\(name)'"
            }
            models[index].kind = .union(union)
            return "a member of '\(name)'"
        case .errorPayload(let name, let statusCase):
            guard let index = errors.firstIndex(where: { $0.name.value == name }),
                  let found = errors[index].statusCases.firstIndex(where: { $0.caseName.value == statusCase }) else { return nil }
            errors[index].statusCases[found].payload = .none
            return "the payload of '\(errors[index].statusCases[found].caseName)'"
        case .example:
            return nil
        }
    }

    /// The elements that refer to the model named `model`, each with where it does, last first
    /// within a union so that leaving out one member keeps the places of those before it.
    func references(toModel model: String) -> [(SpecElement, SourceLocation)] {
        var found: [(SpecElement, SourceLocation)] = []
        for strategy in strategies {
            let name = strategy.name.value
            if case .json(let type, let at)? = strategy.body, type.modelName == model {
                found.append((.strategy(name), at))
                continue
            }
            if let stream = strategy.stream, stream.element?.modelName == model || stream.events.contains(where: { $0.type.modelName == model }) {
                found.append((.strategy(name), stream.elementLocation))
                continue
            }
            for place in SpecElement.InputPlace.allCases {
                for field in strategy.inputs(at: place) where field.type.modelName == model {
                    found.append((.input(strategy: name, place: place, name: field.name.value), field.typeLocation))
                }
            }
            switch strategy.returns {
            case .type(let type, let at)? where type.modelName == model:
                found.append((.returns(strategy: name), at))
            case .fields(let fields)?:
                if let field = fields.first(where: { $0.type.modelName == model }) { found.append((.returns(strategy: name), field.typeLocation)) }
            default:
                break
            }
        }
        for owner in models {
            if let part = owner.allOf.first(where: { $0.value == model }) {
                found.append((.model(owner.name.value), part.location))
                continue
            }
            switch owner.kind {
            case .object(let fields):
                for field in fields where field.type.modelName == model {
                    found.append((.property(model: owner.name.value, name: field.name.value), field.typeLocation))
                }
            case .union(let union):
                for (index, variant) in union.variants.enumerated().reversed() where variant.type.modelName == model {
                    found.append((.unionMember(model: owner.name.value, index: index), variant.typeLocation))
                }
            case .enumeration:
                break
            }
        }
        for error in errors {
            for statusCase in error.statusCases {
                guard case .body(let type) = statusCase.payload, type.modelName == model else { continue }
                found.append((.errorPayload(errorType: error.name.value, statusCase: statusCase.caseName.value), statusCase.caseName.location))
            }
        }
        return found
    }

    private mutating func removeStrategy(at index: Int) -> String {
        let name = strategies.remove(at: index).name
        for interface in interfaces.indices {
            interfaces[interface].strategies.removeAll { $0.value == name.value }
        }
        interfaces.removeAll { $0.strategies.isEmpty }
        return "operation '\(name)'"
    }
}

extension BodySpec {
    /// The body without the fields `isRemoved` picks.
    func removingFields(where isRemoved: (FieldSpec) -> Bool) -> BodySpec {
        switch self {
        case .jsonFields(let fields): .jsonFields(fields.filter { !isRemoved($0) })
        case .form(let fields): .form(fields.filter { !isRemoved($0) })
        case .multipart(let fields): .multipart(fields.filter { !isRemoved($0) })
        case .json, .raw: self
        }
    }
}
