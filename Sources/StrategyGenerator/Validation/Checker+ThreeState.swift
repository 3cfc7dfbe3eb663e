/// A field that is optional and `nullable` has three states (left out, `null`, a value), which
/// only JSON can tell apart, and no default: leaving it out is a state of its own.
extension Checker {
    mutating func threeStateFields() {
        for model in spec.models {
            let start = mark
            defer { nameFaults(since: start, by: model.element(writtenAt:)) }
            model.fields.forEach { noDefault($0, in: "model '\(model.name)'") }
        }
        for strategy in spec.strategies {
            let start = mark
            defer { nameFaults(since: start, by: strategy.element(writtenAt:)) }
            let what = "strategy '\(strategy.name)'"
            var notJSON = strategy.pathParameters + strategy.query + strategy.headers + strategy.cookies
            switch strategy.body {
            case .form(let fields)?, .multipart(let fields)?: notJSON += fields
            case .jsonFields(let fields)?: fields.forEach { noDefault($0, in: what) }
            default: break
            }
            if case .fields(let fields)? = strategy.returns { fields.forEach { noDefault($0, in: "'returns' of \(what)") } }
            for field in notJSON where field.isThreeState {
                diagnostics.error("'\(field.name)' of \(what) is optional and nullable, three states that only a JSON body tells apart; drop 'nullable' or the '?'", at: field.typeLocation)
            }
        }
    }

    private mutating func noDefault(_ field: FieldSpec, in owner: String) {
        guard field.isThreeState, field.defaultValue != nil else { return }
        diagnostics.error("'\(field.name)' in \(owner) is optional and nullable, so leaving it out is a state of its own; it can't have a default", at: field.name.location)
    }
}
