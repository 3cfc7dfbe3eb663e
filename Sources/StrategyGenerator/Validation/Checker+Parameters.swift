/// What a parameter's wire form may say where: `keepSlashes` only in a path, `format: digits`
/// only where a `Bool` is text, and no `default` for a path parameter, which is never absent.
extension Checker {
    mutating func parameterWireForms() {
        for model in spec.models {
            let start = mark
            defer { nameFaults(since: start, by: model.element(writtenAt:)) }
            jsonFields(model.fields, of: "model '\(model.name)'")
        }
        for strategy in spec.strategies {
            let start = mark
            defer { nameFaults(since: start, by: strategy.element(writtenAt:)) }
            let what = "strategy '\(strategy.name)'"
            for parameter in strategy.pathParameters where parameter.defaultValue != nil {
                diagnostics.error("path parameter '\(parameter.name)' of \(what) can't have a default: a path always holds its value", at: parameter.name.location)
            }
            var notInPath = strategy.query + strategy.headers + strategy.cookies
            if case .form(let fields)? = strategy.body { notInPath += fields }
            if case .multipart(let fields)? = strategy.body { notInPath += fields }
            if case .multipart(let fields)? = strategy.body { styleless(fields, of: "the multipart body of \(what)") }
            for field in notInPath where field.keepsSlashes {
                diagnostics.error("'keepSlashes' applies to path parameters, but '\(field.name)' of \(what) is not one", at: field.name.location)
            }
            var written = strategy.query
            if case .form(let fields)? = strategy.body { written += fields }
            let arrays = written.filter { if case .array = $0.type.unwrappingOptional { true } else { false } }
            for field in strategy.pathParameters + strategy.headers + (strategy.body?.fields ?? []) + strategy.query
            where field.arrayStyle != nil && !arrays.contains(field) {
                diagnostics.error("'arrays' of '\(field.name)' in \(what) applies to a list in the query or a form; '\(field.name)' is '\(field.type)'\(written.contains(field) ? "" : " and not in the query or a form")", at: field.name.location)
            }
            if case .jsonFields(let fields)? = strategy.body { jsonFields(fields, of: "the body of \(what)") }
            if case .fields(let fields)? = strategy.returns { jsonFields(fields, of: "'returns' of \(what)") }
        }
    }

    /// JSON writes `true` and `false`, and has no path.
    private mutating func jsonFields(_ fields: [FieldSpec], of owner: String) {
        for field in fields {
            if field.booleanFormat != nil {
                diagnostics.error("'format' of '\(field.name)' in \(owner) applies to parameters and form fields; JSON writes true and false", at: field.name.location)
            }
            if field.keepsSlashes {
                diagnostics.error("'keepSlashes' applies to path parameters, but '\(field.name)' in \(owner) is a JSON field", at: field.name.location)
            }
            if field.arrayStyle != nil {
                diagnostics.error("'arrays' of '\(field.name)' in \(owner) applies to a list in the query or a form; JSON writes lists as arrays", at: field.name.location)
            }
        }
        styleless(fields, of: owner)
    }

    /// `style` and `explode` are for parameters and form fields.
    private mutating func styleless(_ fields: [FieldSpec], of owner: String) {
        for field in fields where field.style != nil || field.explode != nil {
            diagnostics.error("'\(field.style != nil ? "style" : "explode")' of '\(field.name)' in \(owner) applies to path, query, header and cookie parameters", at: field.name.location)
        }
    }
}
