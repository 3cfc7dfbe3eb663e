/// How each field of an `application/x-www-form-urlencoded` body is written: the media type's
/// `encoding` for it (OpenAPI's Encoding Object), or its defaults.
///
/// An encoding that gives `style`, `explode` or `allowReserved` writes the field as a query
/// parameter of that style is written (`style` defaults to `form`, and `explode` to `true` for
/// `form`): a list repeated (`expand=a&expand=b`), comma-, space- or pipe-separated, or in
/// brackets for `deepObject` (`expand[]=a`); an object exploded into its fields (`x=1&y=2`),
/// joined (`point=x,1,y,2`), or as a deep object (`metadata[key]=value`). An encoding that gives
/// none of them, or no encoding, writes the field in its content type (OpenAPI 3.0.4 and 3.1.1
/// say so; earlier texts left it open): a single value as text, a list as an item per element,
/// and an object, whose content type is `application/json`, as its JSON text
/// (`address={"city":"Paris"}`).
extension OpenAPIImporter {
    mutating func encodedFormFields(_ fields: [FieldSpec], encoding: YAMLNode?, pointer: JSONPointer) -> [FieldSpec] {
        fields.map { field in
            var field = field
            let at = pointer.appending(field.name.value)
            let entry = encoding?[field.name.value].flatMap { resolve($0, pointer: at) }
            let type = field.type.unwrappingOptional
            let element: TypeReference = if case .array(let element) = type { element.unwrappingOptional } else { type }
            let isList = element != type
            // A single value is written as it is, whatever the style.
            guard !isParameterType(type, arrays: false) else { return field }
            guard let entry, entry["style"] != nil || entry["explode"] != nil || entry["allowReserved"] != nil else {
                // Written in its content type: an object (or each of a list of them) as JSON.
                field.jsonText = holdsObject(element) ? .eachElement : nil
                return field
            }
            let declared = entry["style"]?.scalar ?? "form"
            let style = ParameterStyle(rawValue: declared).flatMap { ParameterStyle.allowed(in: .query).contains($0) ? $0 : nil }
            let explode = entry["explode"]?.bool ?? (declared == "form")
            let single = isParameterType(type, arrays: true)
            switch (declared, style) {
            case ("deepObject", _):
                // `expand[]=a&expand[]=b`; an object's fields in brackets, as it is sent anyway.
                if single, isList { field.arrayStyle = "brackets" }
            case (_, let style?) where single && isList:
                if explode {
                    break
                } else if style == .form {
                    field.arrayStyle = "commaSeparated"
                } else {
                    field.style = style
                }
            case (_, let style?) where isStyledType(type):
                field.style = style
                field.explode = explode == style.explodesByDefault ? nil : explode
            case (_, nil):
                warn("form field '\(field.name.value)' has the style '\(declared)', which a form can't have; it is sent as the form style", at: entry.location, at)
            default:
                if !single {
                    warn("form field '\(field.name.value)' holds more than single values, which the style '\(declared)' can't write; it is sent as a deep object (name[key]=value)", at: entry.location, at)
                }
            }
            return field
        }
    }

    /// Whether a value's content type is `application/json`: an object, a map, or a union that
    /// may be one.
    private func holdsObject(_ type: TypeReference) -> Bool {
        switch type {
        case .dictionary: return true
        case .named(let name):
            guard let model = declaredModel(name) else { return false }
            switch model.kind {
            case .object: return true
            case .union(let union): return union.variants.contains { !isParameterType($0.type, arrays: false) }
            case .enumeration: return false
            }
        case .builtIn, .array, .optional: return false
        }
    }
}
