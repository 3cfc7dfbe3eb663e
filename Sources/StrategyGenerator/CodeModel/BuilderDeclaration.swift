extension CodeContext {
    /// `Client.Builder`: assembles the client — server, transport, credentials, retry, middlewares,
    /// stubbing — in one place, so no caller does.
    func builder() -> TypeDeclaration {
        var members: [Declaration] = []
        func stored(_ name: String, _ type: String, _ value: String?) {
            members.append(.property(Property(access: "private", name: name, type: type, value: value)))
        }
        stored("environment", "Environment", nil)
        stored("transport", "any Transport", "URLSessionTransport()")
        stored("middlewares", "[any Middleware]", "[]")
        stored("retry", "RetryPolicy", spec.defaults.retry.map(retryExpression) ?? ".default")
        stored("stubbing", "Stubbing", ".never")
        stored("decoder", "JSONDecoder", "JSONDecoder()")
        stored("hooks", "Hooks", "Hooks()")
        for scheme in spec.authSchemes {
            if case .bearer = scheme.kind {
                stored(credentialName(scheme), "BearerToken?", "nil")
            } else {
                stored(credentialName(scheme), "(any Authenticator)?", "nil")
            }
        }
        members.append(.function(Function(
            access: access, name: "init",
            parameters: [Function.Parameter(name: "environment", type: "Environment", defaultValue: ".\(SwiftName.escaped(spec.servers[0].name.value))")],
            body: [.line("self.environment = environment")]
        )))
        func setter(_ docs: String, _ name: String, _ parameters: [Function.Parameter], _ assignment: String) {
            members.append(.function(Function(
                docs: [docs], access: access, name: name, parameters: parameters, returnType: "Builder",
                body: [.line("var copy = self"), .line(assignment), .line("return copy")]
            )))
        }
        setter("Sends requests through `transport` instead of `URLSession`.", "transport",
               [Function.Parameter(label: "_", name: "transport", type: "any Transport")], "copy.transport = transport")
        setter("Adds a middleware; it runs after the built-in ones, so it sees each request as sent.", "middleware",
               [Function.Parameter(label: "_", name: "middleware", type: "any Middleware")], "copy.middlewares.append(middleware)")
        setter("Retries failed requests by `policy`; `.never` turns retrying off.", "retry",
               [Function.Parameter(label: "_", name: "policy", type: "RetryPolicy")], "copy.retry = policy")
        setter("Decodes outputs with `decoder`.", "decoder",
               [Function.Parameter(label: "_", name: "decoder", type: "JSONDecoder")], "copy.decoder = decoder")
        setter("Lets `hooks` observe each stage of every call.", "hooks",
               [Function.Parameter(label: "_", name: "hooks", type: "Hooks")], "copy.hooks = hooks")
        setter("Answers every call from the spec's examples instead of the network, after `delay` if given.", "stubbed",
               [Function.Parameter(name: "delay", type: "Duration?", defaultValue: "nil")], "copy.stubbing = delay.map(Stubbing.delayed) ?? .immediately")
        for scheme in spec.authSchemes {
            let (docs, parameters, value) = credentialSetter(scheme)
            setter(docs, SwiftName.escaped(SwiftName.member(scheme.name.value)), parameters, "copy.\(credentialName(scheme)) = \(value)")
        }
        members.append(.function(Function(docs: ["The client, assembled."], access: access, name: "build", returnType: clientName, body: buildBody())))
        return TypeDeclaration(
            docs: ["Assembles a ``\(clientName)``: server, transport, credentials, retry and middlewares in one place."],
            access: access, kind: .struct, name: "Builder", inherits: ["Sendable"], members: members
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

    /// Retry first, so each attempt passes through the rest; then the spec's defaults, the
    /// credentials, and the caller's own middlewares last, seeing each request as sent.
    private func buildBody() -> [Statement] {
        var body: [Statement] = [.line("var chain: [any Middleware] = [RetryMiddleware(policy: retry)]")]
        if !spec.defaults.headers.isEmpty || !spec.defaults.query.isEmpty {
            var arguments: [String] = []
            if !spec.defaults.headers.isEmpty {
                arguments.append("headers: [" + spec.defaults.headers.map { "\(SwiftName.stringLiteral($0.name.value)): \(SwiftName.stringLiteral($0.value))" }.joined(separator: ", ") + "]")
            }
            if !spec.defaults.query.isEmpty {
                arguments.append("query: [" + spec.defaults.query.map { "\(SwiftName.stringLiteral($0.name.value)): \(SwiftName.stringLiteral($0.value))" }.joined(separator: ", ") + "]")
            }
            body.append(.call(prefix: "chain.append(DefaultParametersMiddleware", arguments: arguments, suffix: ")"))
        }
        let renewsTokens = spec.authSchemes.contains { scheme in
            if case .bearer(let bearer) = scheme.kind { bearer.refresh != nil } else { false }
        }
        if renewsTokens {
            body.append(.line("let refresher = StrategyClient(server: environment.server, transport: transport, middlewares: chain, decoder: decoder)"))
        }
        for scheme in spec.authSchemes {
            let middlewareName = SwiftName.stringLiteral(authMiddlewareName(scheme.name.value))
            let credential = credentialName(scheme)
            if case .bearer(let bearer) = scheme.kind {
                let name = SwiftName.escaped(SwiftName.member(scheme.name.value))
                body += bearerAuthenticator(name: name, token: credential, bearer: bearer)
                body.append(.line("chain.append(AuthenticationMiddleware(authenticator: \(name), name: \(middlewareName)))"))
            } else {
                body.append(.block("if let \(credential)", [.line("chain.append(AuthenticationMiddleware(authenticator: \(credential), name: \(middlewareName)))")]))
            }
        }
        body.append(.line("chain += middlewares"))
        let arguments = ["server: environment.server", "transport: transport", "middlewares: chain", "decoder: decoder", "hooks: hooks", "stubbing: stubbing"]
        body.append(.call(prefix: "let client = StrategyClient", arguments: arguments, suffix: ""))
        let bearers = bearerSchemes.map { SwiftName.escaped(SwiftName.member($0)) }.map { "\($0): \($0)" }
        body.append(.line("return \(clientName)(\((["client: client"] + bearers).joined(separator: ", ")))"))
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
