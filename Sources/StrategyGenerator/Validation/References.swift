/// What a validated spec's names refer to, resolved once: each strategy's error type and auth
/// scheme, each sign-in's and each renewal's token, each interface's strategies.
///
/// The validator builds it only after its checks pass, so every name resolves; the code model
/// reads values from it and looks nothing up by name. An optional here means "none", never
/// "not found".
public struct References: Sendable {
    /// Every model the spec may name, its own and those of the specs it uses, by name.
    public let models: [String: ModelSpec]
    /// The error type each strategy throws, by strategy name; none for a strategy that declares none.
    public let errorTypes: [String: ErrorSpec]
    /// The auth scheme each strategy uses, its own or the spec's default, by strategy name.
    public let authSchemes: [String: AuthSchemeSpec]
    /// Where a sign-in strategy's output holds the token it gets, by strategy name.
    public let signIns: [String: TokenFields]
    /// The strategy that renews a bearer scheme's token, by scheme name.
    public let renewals: [String: Renewal]
    /// Each interface with the strategies it lists, in the spec's order.
    public let roles: [Role]
    /// The deprecation of each model, its own or one flowing from a deprecated model it uses, by name.
    let modelDeprecations: [String: Deprecation]
    /// The deprecation of each strategy, its own or one flowing from a deprecated model it uses, by name.
    let strategyDeprecations: [String: Deprecation]

    /// Whether `model` is deprecated, and why.
    public func deprecation(of model: ModelSpec) -> Deprecation? {
        modelDeprecations[model.name.value]
    }

    /// Whether `strategy` is deprecated, and why.
    public func deprecation(of strategy: StrategySpec) -> Deprecation? {
        strategyDeprecations[strategy.name.value]
    }

    /// Each strategy's path, its `{placeholders}` resolved to its path parameters, by strategy name.
    let paths: [String: [PathPart]]

    /// Literal text of a path, or the parameter a placeholder names.
    public enum PathPart: Sendable {
        case literal(String)
        case parameter(FieldSpec)
    }

    /// The parts of `strategy`'s path; every strategy of the spec has them.
    public func path(of strategy: StrategySpec) -> [PathPart] {
        guard let parts = paths[strategy.name.value] else { preconditionFailure("strategy '\(strategy.name)' is not in the resolved spec") }
        return parts
    }

    /// A role protocol: an interface and its strategies.
    public struct Role: Sendable {
        public let interface: InterfaceSpec
        public let strategies: [StrategySpec]
    }

    /// A bearer scheme's renewal: the strategy, the field that takes the refresh token, and
    /// where the new token sits in the strategy's output.
    public struct Renewal: Sendable {
        public let strategy: StrategySpec
        public let input: FieldSpec
        public let token: TokenFields
    }

    /// The fields of a strategy's output that make a bearer token.
    public struct TokenFields: Sendable {
        public let scheme: AuthSchemeSpec
        public let accessToken: FieldSpec
        public let refreshToken: FieldSpec?
        public let expiresIn: FieldSpec?
    }
}

extension References {
    /// Resolves the names of `spec`, which passed validation.
    ///
    /// - Throws: an error naming the reference that doesn't resolve, should validation have let
    ///   one through: a fault of the generator's, reported rather than generated around.
    static func resolve(_ spec: APISpec) throws(DiagnosticsError) -> References {
        var resolver = Resolver(spec: spec)
        let references = resolver.resolve()
        guard resolver.unresolved.isEmpty else { throw DiagnosticsError(resolver.unresolved) }
        return references
    }
}

private struct Resolver {
    let spec: APISpec
    var unresolved: [Diagnostic] = []

    mutating func resolve() -> References {
        let models = Dictionary((spec.models + spec.uses.flatMap(\.models)).map { ($0.name.value, $0) }, uniquingKeysWith: { first, _ in first })
        let errors = Dictionary((spec.errors + spec.uses.flatMap(\.errors)).map { ($0.name.value, $0) }, uniquingKeysWith: { first, _ in first })
        let schemes = Dictionary(spec.authSchemes.map { ($0.name.value, $0) }, uniquingKeysWith: { first, _ in first })
        let strategies = Dictionary(spec.strategies.map { ($0.name.value, $0) }, uniquingKeysWith: { first, _ in first })

        var errorTypes: [String: ErrorSpec] = [:], authSchemes: [String: AuthSchemeSpec] = [:]
        var signIns: [String: References.TokenFields] = [:], paths: [String: [References.PathPart]] = [:]
        for strategy in spec.strategies {
            let name = strategy.name.value
            if let errorType = strategy.errorType {
                errorTypes[name] = lookUp(errorType, in: errors, kind: "error type")
            }
            let scheme: Named? = switch strategy.auth {
            case .none: nil
            case .scheme(let scheme): scheme
            case .inherited: spec.defaults.auth
            }
            if let scheme { authSchemes[name] = lookUp(scheme, in: schemes, kind: "auth scheme") }
            if let signIn = strategy.signsIn, let scheme = lookUp(signIn, in: schemes, kind: "auth scheme") {
                signIns[name] = token(of: scheme, from: strategy, models: models, at: signIn)
            }
            paths[name] = PathTemplate(strategy.path.value).parts.compactMap { part in
                switch part {
                case .literal(let text): return .literal(text)
                case .placeholder(let placeholder):
                    guard let parameter = strategy.pathParameters.first(where: { $0.name.value == placeholder }) else {
                        unresolved.append(.error("path parameter '\(placeholder)' of strategy '\(name)' does not resolve", at: strategy.path.location))
                        return nil
                    }
                    return .parameter(parameter)
                }
            }
        }
        var renewals: [String: References.Renewal] = [:]
        for scheme in spec.authSchemes {
            guard case .bearer(let bearer) = scheme.kind, let refresh = bearer.refresh,
                  let strategy = lookUp(refresh, in: strategies, kind: "strategy") else { continue }
            let inputs = strategy.pathParameters + strategy.query + strategy.headers + strategy.cookies + (strategy.body?.fields ?? [])
            guard let input = inputs.first else {
                unresolved.append(.error("refresh strategy '\(refresh)' takes no refresh token", at: refresh.location))
                continue
            }
            guard let token = token(of: scheme, from: strategy, models: models, at: refresh) else { continue }
            renewals[scheme.name.value] = References.Renewal(strategy: strategy, input: input, token: token)
        }
        let roles = spec.interfaces.map { interface in
            References.Role(interface: interface, strategies: interface.strategies.compactMap { lookUp($0, in: strategies, kind: "strategy") })
        }
        let deprecations = spec.deprecations
        return References(
            models: models, errorTypes: errorTypes, authSchemes: authSchemes, signIns: signIns,
            renewals: renewals, roles: roles, modelDeprecations: deprecations.models,
            strategyDeprecations: deprecations.strategies, paths: paths
        )
    }

    /// The value `name` names, or `nil` with the reason noted.
    private mutating func lookUp<Value>(_ name: Named, in values: [String: Value], kind: String) -> Value? {
        guard let value = values[name.value] else {
            unresolved.append(.error("\(kind) '\(name)' does not resolve", at: name.location))
            return nil
        }
        return value
    }

    /// Where `strategy`'s output holds the token of `scheme`, a bearer scheme.
    private mutating func token(of scheme: AuthSchemeSpec, from strategy: StrategySpec, models: [String: ModelSpec], at reference: Named) -> References.TokenFields? {
        guard case .bearer(let bearer) = scheme.kind else {
            unresolved.append(.error("auth scheme '\(scheme.name)' has no token to keep", at: reference.location))
            return nil
        }
        let fields: [FieldSpec] = switch strategy.returns {
        case .fields(let fields)?: fields
        case .type(.named(let model), _)?: models[model]?.fields ?? []
        default: []
        }
        func field(_ wireName: String) -> FieldSpec? {
            fields.first { $0.name.value == wireName }
        }
        guard let accessToken = field(bearer.accessToken) else {
            unresolved.append(.error("strategy '\(strategy.name)' returns no '\(bearer.accessToken)'", at: reference.location))
            return nil
        }
        return References.TokenFields(
            scheme: scheme, accessToken: accessToken,
            refreshToken: field(bearer.refreshToken ?? "refresh_token"), expiresIn: field(bearer.expiresIn ?? "expires_in")
        )
    }
}
