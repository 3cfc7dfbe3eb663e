/// A valid spec as it is generated, with every reference replaced by what it refers to: each
/// strategy comes with its error type, auth scheme, path parameters, sign-in token, paging and
/// deprecation; each bearer scheme with its renewal; each interface with its strategies; each
/// model with its deprecation, its uses and whether it holds itself. The few places that go from
/// a type name to what it names (an enum's cases for a default, whether a query value is an
/// object) ask ``TypeTable``, which answers for every name the spec writes.
///
/// Only validation builds it, after its checks pass, so the code model reads values and looks no
/// reference up. An optional here means "none", never "not found".
struct ResolvedSpec: Sendable {
    /// The spec with the configuration's names and access level, each parameter's `default` read
    /// as what the server assumes, and each error type holding the codes it includes.
    let spec: APISpec
    /// The spec's strategies, in its order.
    let strategies: [ResolvedStrategy]
    /// The spec's auth schemes, in its order.
    let authSchemes: [ResolvedAuthScheme]
    /// The spec's own models, in its order; the models of the specs it uses are generated from them.
    let models: [ResolvedModel]
    /// Each interface with the strategies it lists, in the spec's order.
    let roles: [Role]
    /// What each type name the spec writes names.
    let types: TypeTable
    /// The names of the deprecated models, this spec's and the used specs'.
    let deprecatedModels: Set<String>
}

/// A strategy with what its names refer to; it reads as its spec otherwise.
@dynamicMemberLookup
struct ResolvedStrategy: Sendable {
    let spec: StrategySpec
    /// The error type it throws; `nil` when it declares none.
    let errorType: ErrorSpec?
    /// The auth scheme it uses, its own or the spec's default; `nil` for none.
    let authScheme: AuthSchemeSpec?
    /// The ways it may authenticate instead, in order, each the schemes sent together, when it
    /// takes any of several (`auth: [basic, bearer]`); `nil` when it takes one or none.
    let authAlternatives: [[AuthSchemeSpec]]?
    /// Its path, each `{placeholder}` resolved to its path parameter.
    let pathParts: [PathPart]
    /// Where its output holds the token of the bearer scheme it signs in to; `nil` when it signs in to none.
    let signIn: TokenFields?
    /// Its deprecation, its own or one flowing from a deprecated model it uses.
    let deprecation: Deprecation?
    /// How its pages follow each other, when its output is one page of a list.
    let paging: Paging?
    /// Whether an interface lists it, so a role protocol requires its method that takes its whole input.
    let isListedByRole: Bool

    subscript<Value>(dynamicMember keyPath: KeyPath<StrategySpec, Value>) -> Value {
        spec[keyPath: keyPath]
    }

    /// The path parameter whose value is the whole URL (`POST: "{upload_url}"`), if any.
    var urlParameter: FieldSpec? {
        guard pathParts.count == 1, case .parameter(let parameter)? = pathParts.first else { return nil }
        return parameter
    }

    /// Literal text of a path, or the parameter a placeholder names.
    enum PathPart: Sendable {
        case literal(String)
        case parameter(FieldSpec)
    }

    /// A paginated strategy's paging: the query parameter that asks for the next page, and
    /// where the items are.
    struct Paging: Sendable {
        let spec: PaginationSpec
        /// The query parameter set for the next page; `nil` for `link`, which follows URLs.
        let parameter: FieldSpec?
        let items: PageItems
    }
}

/// An auth scheme with the strategy that renews its token, if it is a bearer scheme that has one.
@dynamicMemberLookup
struct ResolvedAuthScheme: Sendable {
    let spec: AuthSchemeSpec
    /// How a bearer scheme's token is renewed; `nil` when it isn't.
    let renewal: Renewal?

    subscript<Value>(dynamicMember keyPath: KeyPath<AuthSchemeSpec, Value>) -> Value {
        spec[keyPath: keyPath]
    }
}

/// A model with its deprecation and what the API does with it.
@dynamicMemberLookup
struct ResolvedModel: Sendable {
    let spec: ModelSpec
    /// Its deprecation, its own or one flowing from a deprecated model it uses.
    let deprecation: Deprecation?
    /// What the API does with it, which decides its conformances.
    let use: ModelUse
    /// Whether its value holds itself, through fields that aren't lists or maps, or through
    /// unions (a tree of nodes): a union's enum must then be `indirect`.
    let holdsItself: Bool

    subscript<Value>(dynamicMember keyPath: KeyPath<ModelSpec, Value>) -> Value {
        spec[keyPath: keyPath]
    }
}

/// A role protocol: an interface and its strategies.
struct Role: Sendable {
    let interface: InterfaceSpec
    let strategies: [ResolvedStrategy]
    /// The strategies of ``strategies`` that no earlier role lists: their labelled methods live
    /// in an extension of this role, so a caller that sees only the role has them too.
    let firstListed: [ResolvedStrategy]
}

/// A bearer scheme's renewal: the strategy, the field that takes the refresh token, and where
/// the new token sits in the strategy's output.
struct Renewal: Sendable {
    let strategy: ResolvedStrategy
    let input: FieldSpec
    let token: TokenFields
}

/// The fields of a strategy's output that make a bearer token.
struct TokenFields: Sendable {
    let scheme: AuthSchemeSpec
    let accessToken: FieldSpec
    let refreshToken: FieldSpec?
    let expiresIn: FieldSpec?
}
