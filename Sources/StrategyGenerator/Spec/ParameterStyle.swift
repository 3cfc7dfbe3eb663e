/// How a parameter that is a list, an object or a map is written, or a path value prefixed
/// (OpenAPI's `style`): `a,b` (`simple`), `.a.b` (`label`), `;id=a;id=b` (`matrix`),
/// `id=a,b` (`form`), `id=a b` (`spaceDelimited`), `id=a|b` (`pipeDelimited`).
public enum ParameterStyle: String, CaseIterable, Hashable, Sendable {
    case simple
    case label
    case matrix
    case form
    case spaceDelimited
    case pipeDelimited

    /// The styles a parameter in `place` (`path`, `query`, `header`, `cookie`) or a form field
    /// (`form`) can have.
    public static func allowed(in place: String) -> [ParameterStyle] {
        switch place {
        case "path": [.simple, .label, .matrix]
        case "query", "form": [.form, .spaceDelimited, .pipeDelimited]
        case "header": [.simple]
        case "cookie": [.form]
        default: []
        }
    }

    /// The style of a parameter in `place` that doesn't name one.
    public static func standard(in place: String) -> ParameterStyle {
        ["query", "cookie", "form"].contains(place) ? .form : .simple
    }

    /// Whether each value stands on its own unless the parameter says otherwise: only `form`.
    public var explodesByDefault: Bool { self == .form }
}
