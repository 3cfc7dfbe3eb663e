/// The models and error types a spec uses from another name only types that are defined: the
/// code generated here relies on what they name, as the code generated from that spec does.
extension Checker {
    mutating func usedTypes() {
        for used in spec.uses {
            var written: [(TypeReference, SourceLocation)] = []
            for model in used.models {
                switch model.kind {
                case .object(let fields): written += fields.map { ($0.type, $0.typeLocation) }
                case .union(let union): written += union.variants.map { ($0.type, $0.typeLocation) }
                case .enumeration: break
                }
            }
            for error in used.errors {
                for statusCase in error.statusCases {
                    if case .body(let type) = statusCase.payload { written.append((type, statusCase.caseName.location)) }
                }
            }
            var unknown: [(String, SourceLocation)] = []
            for (type, location) in written {
                if let name = type.modelName, !types.isModel(name) { unknown.append((name, location)) }
            }
            guard !unknown.isEmpty else { continue }
            diagnostics.error("cannot use '\(used.path)'; it has problems of its own", at: used.path.location)
            for (name, location) in unknown {
                var message = "unknown type '\(name)'; define it under 'models' or use a built-in type"
                if let suggestion = closestMatch(to: name, in: types.allNames) {
                    message += "; did you mean '\(suggestion)'?"
                }
                diagnostics.error(message, at: location)
            }
        }
    }
}
