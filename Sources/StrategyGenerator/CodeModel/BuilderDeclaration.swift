extension CodeContext {
    /// `Client.Builder`: assembles the client — server, transport, credentials, retry, middlewares,
    /// stubbing — in one place, so no caller does.
    func builder() -> TypeDeclaration {
        var members: [Declaration] = [.property(Property(access: access, name: "settings", type: "ClientSettings"))]
        for scheme in spec.authSchemes {
            let type = scheme.kind.isBearer ? "BearerToken?" : "(any Authenticator)?"
            members.append(.property(Property(access: "private", name: credentialName(scheme), type: type, value: "nil")))
        }
        let retry = spec.defaults.retry.map { ", retry: \(retryExpression($0))" } ?? ""
        members.append(.function(Function(
            access: access, name: "init",
            parameters: [Function.Parameter(name: "environment", type: "Environment", defaultValue: ".\(SwiftName.escaped(spec.servers[0].name.value))")],
            body: [.line("settings = ClientSettings(server: environment.server\(retry))")]
        )))
        for scheme in spec.authSchemes {
            let (docs, parameters, value) = credentialSetter(scheme)
            members.append(.function(Function(
                docs: [docs], access: access, name: SwiftName.escaped(SwiftName.member(scheme.name.value)),
                parameters: parameters, returnType: "Builder",
                body: [.line("changing { $0.\(credentialName(scheme)) = \(value) }")]
            )))
        }
        members.append(.function(Function(docs: ["The client, assembled."], access: access, name: "build", returnType: clientName, body: buildBody())))
        return TypeDeclaration(
            docs: ["Assembles a ``\(clientName)``: server, transport, credentials, retry and middlewares in one place."],
            access: access, kind: .struct, name: "Builder", inherits: ["ClientBuilder"], members: members
        )
    }

    private func credentialName(_ scheme: AuthSchemeSpec) -> String {
        SwiftName.member(scheme.name.value) + (scheme.kind.isBearer ? "Token" : "Authenticator")
    }

    private func credentialSetter(_ scheme: AuthSchemeSpec) -> (docs: String, [Function.Parameter], String) {
        let docs = docLines(scheme.doc).first.map { $0 + " " } ?? ""
        switch scheme.kind {
        case .apiKey(let inQuery, let name):
            return ("\(docs)Sends `key` as the \(inQuery ? "query item" : "header") `\(name)`.",
                    [Function.Parameter(label: "_", name: "key", type: "String")],
                    "APIKeyAuthenticator(name: \(SwiftName.stringLiteral(name)), value: key, in: .\(inQuery ? "query" : "header"))")
        case .bearer(let bearer):
            return ("\(docs)Starts with `token` (e.g. one kept from an earlier run)" + (bearer.refresh == nil ? "." : "; it is renewed when it expires."),
                    [Function.Parameter(label: "_", name: "token", type: "BearerToken?")], "token")
        case .basic:
            return ("\(docs)Signs every request in with `username` and `password`.",
                    [Function.Parameter(name: "username", type: "String"), Function.Parameter(name: "password", type: "String")],
                    "BasicAuthenticator(username: username, password: password)")
        case .header(let name):
            return ("\(docs)Sends what `token` returns, asked anew for every request, as the header `\(name)`.",
                    [Function.Parameter(label: "_", name: "token", type: "@escaping @Sendable () async throws -> String")],
                    "HeaderTokenAuthenticator(header: \(SwiftName.stringLiteral(name)), token: token)")
        }
    }

    /// The spec's default parameters, then the credentials; the settings put retry before them
    /// and the caller's own middlewares after.
    private func buildBody() -> [Statement] {
        var body: [Statement] = []
        var builtIn: [String] = []
        if !spec.defaults.headers.isEmpty || !spec.defaults.query.isEmpty {
            var arguments: [String] = []
            if !spec.defaults.headers.isEmpty {
                arguments.append("headers: [" + spec.defaults.headers.map { "\(SwiftName.stringLiteral($0.name.value)): \(SwiftName.stringLiteral($0.value))" }.joined(separator: ", ") + "]")
            }
            if !spec.defaults.query.isEmpty {
                arguments.append("query: [" + spec.defaults.query.map { "\(SwiftName.stringLiteral($0.name.value)): \(SwiftName.stringLiteral($0.value))" }.joined(separator: ", ") + "]")
            }
            let keyword = spec.authSchemes.isEmpty ? "let" : "var"
            body.append(.call(prefix: "\(keyword) builtIn: [any Middleware] = [DefaultParametersMiddleware", arguments: arguments, suffix: "]"))
            builtIn = ["builtIn"]
        } else if !spec.authSchemes.isEmpty {
            body.append(.line("var builtIn: [any Middleware] = []"))
            builtIn = ["builtIn"]
        }
        let renewsTokens = spec.authSchemes.contains { scheme in
            if case .bearer(let bearer) = scheme.kind { bearer.refresh != nil } else { false }
        }
        if renewsTokens {
            body.append(.line("let refresher = settings.renewingClient(builtIn: builtIn)"))
        }
        for scheme in spec.authSchemes {
            let middlewareName = SwiftName.stringLiteral(authMiddlewareName(scheme.name.value))
            let credential = credentialName(scheme)
            if case .bearer(let bearer) = scheme.kind {
                let name = SwiftName.escaped(SwiftName.member(scheme.name.value))
                body += bearerAuthenticator(name: name, token: credential, bearer: bearer)
                body.append(.line("builtIn.append(AuthenticationMiddleware(authenticator: \(name), name: \(middlewareName)))"))
            } else {
                body.append(.block("if let \(credential)", [.line("builtIn.append(AuthenticationMiddleware(authenticator: \(credential), name: \(middlewareName)))")]))
            }
        }
        let client = "settings.client(\(builtIn.isEmpty ? "" : "builtIn: builtIn"))"
        let bearers = bearerSchemes.map { SwiftName.escaped(SwiftName.member($0)) }.map { "\($0): \($0)" }
        let make = "\(clientName)(\((["client: \(client)"] + bearers).joined(separator: ", ")))"
        body.append(.line(body.isEmpty ? make : "return \(make)"))
        return body
    }

    /// `let session = BearerTokenAuthenticator(token: sessionToken) { … }`, renewing through the refresh strategy.
    private func bearerAuthenticator(name: String, token: String, bearer: BearerSpec) -> [Statement] {
        guard let refresh = bearer.refresh, let strategy = spec.strategies.first(where: { $0.name.value == refresh.value }),
              let input = inputFields(strategy).first else {
            return [.line("let \(name) = BearerTokenAuthenticator(token: \(token))")]
        }
        let renewed = bearerToken(from: "output", of: strategy, mapping: bearer, keeping: "refreshToken")
        let strategyName = SwiftName.escaped(strategy.name.value)
        return [.closure(prefix: "let \(name) = BearerTokenAuthenticator(token: \(token))", parameters: "token", body: [
            .block("guard let refreshToken = token.refreshToken else", [.line("throw AuthenticationError.noCredentials")]),
            .line("let output = try await refresher.send(\(strategyName)(), \(strategyName).Input(\(SwiftName.escaped(memberName(input))): refreshToken))"),
            .call(prefix: "return BearerToken", arguments: renewed, suffix: ""),
        ])]
    }
}

extension CodeContext {
    /// The arguments of a `BearerToken` built from `value`, the output of `strategy`, where
    /// `mapping` says the token's parts are; `keeping` is the refresh token to keep when the
    /// output has none.
    func bearerToken(from value: String, of strategy: StrategySpec, mapping: BearerSpec, keeping: String?) -> [String] {
        let fields: [FieldSpec] = switch strategy.returns {
        case .fields(let fields)?: fields
        case .type(.named(let model), _)?: (spec.models + spec.uses.flatMap(\.models)).first { $0.name.value == model }?.fields ?? []
        default: []
        }
        func field(_ wireName: String?) -> FieldSpec? {
            wireName.flatMap { name in fields.first { $0.name.value == name } }
        }
        let accessToken = field(mapping.accessToken)
        var arguments = ["accessToken: \(value).\(SwiftName.escaped(accessToken.map(memberName) ?? "accessToken"))"]
        if let refreshToken = field(mapping.refreshToken ?? "refresh_token") {
            let member = "\(value).\(SwiftName.escaped(memberName(refreshToken)))"
            if let keeping, refreshToken.type.isOptional {
                arguments.append("refreshToken: \(member) ?? \(keeping)")
            } else {
                arguments.append("refreshToken: \(member)")
            }
        } else if let keeping {
            arguments.append("refreshToken: \(keeping)")
        }
        if let expiresIn = field(mapping.expiresIn ?? "expires_in") {
            let member = "\(value).\(SwiftName.escaped(memberName(expiresIn)))"
            arguments.append(expiresIn.type.isOptional ? "expiresIn: \(member).map(TimeInterval.init)" : "expiresIn: TimeInterval(\(member))")
        }
        return arguments
    }
}

extension AuthSchemeSpec.Kind {
    var isBearer: Bool {
        if case .bearer = self { true } else { false }
    }
}
