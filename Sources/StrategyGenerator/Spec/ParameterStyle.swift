/// Where a parameter goes (OpenAPI's `in`), or a form body's field, which is written as a query
/// item is.
public enum ParameterLocation: String, CaseIterable, Hashable, Sendable {
    case path
    case query
    case header
    case cookie
    /// A field of a form body.
    case form
}

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

    /// The styles a parameter in `place`, or a form field, can have.
    public static func allowed(in place: ParameterLocation) -> [ParameterStyle] {
        switch place {
        case .path: [.simple, .label, .matrix]
        case .query, .form: [.form, .spaceDelimited, .pipeDelimited]
        case .header: [.simple]
        case .cookie: [.form]
        }
    }

    /// The style of a parameter in `place`, or a form field, that doesn't name one.
    public static func standard(in place: ParameterLocation) -> ParameterStyle {
        switch place {
        case .query, .cookie, .form: .form
        case .path, .header: .simple
        }
    }

    /// Whether each value stands on its own unless the parameter says otherwise: only `form`.
    public var explodesByDefault: Bool { self == .form }
}
