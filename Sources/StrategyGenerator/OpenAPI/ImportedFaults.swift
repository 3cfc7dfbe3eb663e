import Foundation

/// What validation refuses in an imported document costs only what holds it, as the importer's
/// own faults do: an example, a parameter, property, union member or error payload is left out,
/// and an operation whose required input is refused, or that is refused itself, is left out
/// whole. Each fault names its element, and each round leaves out every element its faults name
/// in one pass; what leaving something out breaks in turn (a property of a model that was left
/// out) is left out in the next round.
enum ImportedFaults {
    /// The warnings for what was left out of `spec` so that it validates. Errors at places the
    /// spec can't drop stay, for validation to report.
    static func leaveOut(from spec: inout APISpec, pointers: [SourceLocation: String], checks: ImportChecks) -> [Diagnostic] {
        var warnings: [Diagnostic] = []
        // Each round leaves out at least one element, and each element leaves out what holds it.
        for _ in 0..<32 {
            let faults = checks.faults(spec)
            if faults.isEmpty { return warnings }
            // The strategies whose examples don't decode, by the place each example is written,
            // which many operations may share.
            var refusedExamples: [SourceLocation: Set<String>] = [:]
            for fault in faults {
                guard case .example(let strategy)? = fault.element, let location = fault.diagnostic.location else { continue }
                refusedExamples[location, default: []].insert(strategy)
            }
            var progressed = false
            // The members each union has lost this round, by their places before it: a later
            // member's place moves down by the ones before it that are gone.
            var lostMembers: [String: Set<Int>] = [:]
            for fault in faults {
                guard let location = fault.diagnostic.location, var element = fault.element else { continue }
                if case .unionMember(let model, let member) = element {
                    guard lostMembers[model, default: []].insert(member).inserted else { continue }
                    element = .unionMember(model: model, index: member - lostMembers[model, default: []].filter { $0 < member }.count)
                }
                let left: String? = switch element {
                case .example: spec.leaveOutExamples(at: location, of: refusedExamples[location] ?? [])
                case .writtenAt(let place): spec.leaveOut(at: place)
                default: spec.leaveOut(element)
                }
                guard let what = left else { continue }
                let pointer = pointers[location].map { " (\($0))" } ?? ""
                warnings.append(.warning("\(fault.diagnostic.message); \(what) is left out\(pointer)", at: location))
                progressed = true
            }
            if !progressed { return warnings }
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
        case .example, .writtenAt:
            return nil
        }
    }

    /// Leaves out the element written at `location`, or the operation it is a required input of;
    /// says what was left out, or `nil` when nothing the spec can drop is there.
    mutating func leaveOut(at location: SourceLocation) -> String? {
        for index in strategies.indices {
            let strategy = strategies[index]
            if strategy.name.location == location || strategy.path.location == location {
                return removeStrategy(at: index)
            }
            switch strategy.body {
            case .json(_, let at)? where at == location:
                return removeStrategy(at: index)
            default:
                break
            }
            if case .type(_, let at)? = strategy.returns, at == location {
                strategies[index].returns = nil
                strategies[index].unwrap = nil
                return "what operation '\(strategy.name)' returns"
            }
            let isHere = { (field: FieldSpec) in field.name.location == location || field.typeLocation == location }
            if let field = (strategy.pathParameters + strategy.query + strategy.headers + strategy.cookies + (strategy.body?.fields ?? [])).first(where: isHere) {
                guard field.type.isOptional else { return removeStrategy(at: index) }
                strategies[index].query.removeAll(where: isHere)
                strategies[index].headers.removeAll(where: isHere)
                strategies[index].cookies.removeAll(where: isHere)
                strategies[index].body = strategy.body?.removingFields(where: isHere)
                return "parameter '\(field.name)'"
            }
            if strategy.responseHeaders.contains(where: isHere) {
                strategies[index].responseHeaders.removeAll(where: isHere)
                return "a response header"
            }
        }
        for index in models.indices {
            let model = models[index]
            if model.name.location == location {
                models.remove(at: index)
                return "schema '\(model.name)'"
            }
            switch model.kind {
            case .object(let fields):
                guard let field = fields.first(where: { $0.name.location == location || $0.typeLocation == location }) else { continue }
                models[index].kind = .object(fields.filter { $0 != field })
                return "property '\(field.name)'"
            case .union(var union):
                guard let variant = union.variants.firstIndex(where: { $0.typeLocation == location }) else { continue }
                union.variants.remove(at: variant)
                if union.variants.isEmpty {
                    models.remove(at: index)
                    return "schema '\(model.name)'"
                }
                models[index].kind = .union(union)
                return "a member of '\(model.name)'"
            case .enumeration:
                continue
            }
        }
        for index in errors.indices {
            guard let statusCase = errors[index].statusCases.firstIndex(where: { $0.caseName.location == location }) else { continue }
            errors[index].statusCases[statusCase].payload = .none
            return "the payload of '\(errors[index].statusCases[statusCase].caseName)'"
        }
        return nil
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
