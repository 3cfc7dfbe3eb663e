/// Names from a spec that would clash in the generated code with one another or with a name the
/// generated code declares or uses itself: each is an error at its place, naming what it would
/// clash with, rather than code that doesn't compile.
extension Checker {
    /// Names auth schemes can't take: the generated client and its builder use them.
    static let namesAuthSchemesCantTake: Set<String> = ["client", "chain", "environment", "transport", "server", "settings"]

    mutating func generatedNames() {
        for model in spec.models {
            let start = mark
            defer { nameFaults(since: start, by: model.element(writtenAt:)) }
            guard case .object(let fields) = model.kind else { continue }
            for field in fields {
                let name = field.swiftName ?? SwiftName.member(field.name.value)
                if Vocabulary.namesFieldsCantTake.contains(name) {
                    diagnostics.error("'\(field.name)' in model '\(model.name)' becomes '\(name)', a name Hashable declares; give it another Swift name with 'swift:'", at: field.name.location)
                }
            }
        }
        for model in spec.models {
            let start = mark
            defer { nameFaults(since: start, by: model.element(writtenAt:)) }
            guard case .object(let fields) = model.kind else { continue }
            explicitSwiftNames(fields, in: "model '\(model.name)'")
        }
        for strategy in spec.strategies {
            let start = mark
            defer { nameFaults(since: start, by: strategy.element(writtenAt:)) }
            let what = "strategy '\(strategy.name)'"
            let fields = strategy.pathParameters + strategy.query + strategy.headers + strategy.cookies + (strategy.body?.fields ?? [])
            explicitSwiftNames(fields, in: what)
            // Clashes within one list are reported with the list; these are across lists.
            var seen: [String: (what: String, list: Int)] = [:]
            switch strategy.body {
            case .json?, .raw?: seen["body"] = ("its body", -1)
            default: break
            }
            let lists = [strategy.pathParameters, strategy.query, strategy.headers, strategy.cookies, strategy.body?.fields ?? []]
            for (list, fields) in lists.enumerated() {
                for field in fields {
                    let name = field.swiftName ?? SwiftName.member(field.name.value)
                    if name == "client" {
                        diagnostics.error("'\(field.name)' of \(what) becomes the input 'client', the name of what its client method sends it with; give it another Swift name with 'swift:'", at: field.name.location)
                    } else if let earlier = seen[name] {
                        if earlier.list != list {
                            diagnostics.error("'\(field.name)' and \(earlier.what) of \(what) both become the input '\(name)'; give one another Swift name with 'swift:'", at: field.name.location)
                        }
                    } else {
                        seen[name] = ("'\(field.name.value)'", list)
                    }
                }
            }
        }
        var schemes: [String: String] = [:]
        for scheme in spec.authSchemes {
            let name = SwiftName.member(scheme.name.value)
            if Self.namesAuthSchemesCantTake.contains(name) {
                diagnostics.error("auth scheme '\(scheme.name)' becomes '\(name)', a name the generated client uses; name it differently", at: scheme.name.location)
            } else if let earlier = schemes[name] {
                diagnostics.error("auth schemes '\(earlier)' and '\(scheme.name)' both become '\(name)' in Swift; rename one", at: scheme.name.location)
            }
            schemes[name] = scheme.name.value
        }
        for server in spec.servers {
            var variables: [String: String] = [:]
            for variable in server.variables {
                let name = SwiftName.member(variable.name.value)
                if let earlier = variables[name] {
                    diagnostics.error("variables '\(earlier)' and '\(variable.name)' of server '\(server.name)' both become '\(name)' in Swift; rename one", at: variable.name.location)
                }
                variables[name] = variable.name.value
            }
        }
        for error in spec.errors {
            for name in error.codeCases.map(\.caseName) + error.statusCases.map(\.caseName) where name.value == "successCheck" {
                diagnostics.error("'successCheck' is the rule error type '\(error.name)' declares for success; name this case differently", at: name.location)
            }
        }
    }

    /// A name given with `swift:` is used as written, so it can't be one Swift reserves.
    private mutating func explicitSwiftNames(_ fields: [FieldSpec], in owner: String) {
        for field in fields {
            guard let name = field.swiftName, SwiftName.unusableMembers.contains(name) else { continue }
            diagnostics.error("the Swift name '\(name)' of '\(field.name)' in \(owner) can't name a property; use another, such as '_\(name)'", at: field.name.location)
        }
    }
}
