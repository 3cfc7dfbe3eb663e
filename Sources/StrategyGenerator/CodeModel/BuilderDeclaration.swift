extension CodeContext {
    /// `Client.Builder`: assembles the client — server, transport, credentials, retry, middlewares,
    /// stubbing — in one place, so no caller does.
    func builder() -> TypeDeclaration {
        var members: [Declaration] = [.property(Property(attributes: access == "public" ? ["@_spi(Generated)"] : [], access: access, name: "settings", type: "ClientSettings"))]
        for scheme in spec.authSchemes {
            let type = scheme.kind.isBearer ? "BearerTokenAuthenticator.Token?" : "Authenticator?"
            members.append(.property(Property(access: "private", name: credentialName(scheme), type: type, value: "nil")))
        }
        let settings = [Expression.code("server: environment.server")] + (spec.defaults.retry.map { [retryExpression($0, prefix: "retry: ")] } ?? [])
        members.append(.function(Function(
            access: access, name: "init",
            parameters: [Function.Parameter(name: "environment", type: "Environment", defaultValue: defaultEnvironment)],
            body: [.expression(.call(prefix: "settings = ClientSettings", arguments: settings, suffix: ""))]
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

    /// The authenticator of a scheme in `build()`: a bearer scheme's, or the one the caller set (`nil` until then).
    private func authenticator(_ scheme: AuthSchemeSpec) -> String {
        scheme.kind.isBearer ? ".bearer(\(SwiftName.escaped(SwiftName.member(scheme.name.value))))" : credentialName(scheme)
    }

    private func credentialName(_ scheme: AuthSchemeSpec) -> String {
        SwiftName.member(scheme.name.value) + (scheme.kind.isBearer ? "Token" : "Authenticator")
    }

    private func credentialSetter(_ scheme: AuthSchemeSpec) -> (docs: String, [Function.Parameter], String) {
        let docs = docLines(scheme.doc).first.map { $0 + " " } ?? ""
        switch scheme.kind {
        case .apiKey(let place, let name):
            let what = switch place {
            case .query: "query item"
            case .header: "header"
            case .cookie: "cookie"
            }
            return ("\(docs)Sends `key` as the \(what) `\(name)`.",
                    [Function.Parameter(label: "_", name: "key", type: "String")],
                    ".apiKey(name: \(SwiftName.stringLiteral(name)), value: key, in: .\(place.rawValue))")
        case .bearer(let bearer):
            return ("\(docs)Starts with `token` (e.g. one kept from an earlier run)" + (bearer.refresh == nil ? "." : "; it is renewed when it expires."),
                    [Function.Parameter(label: "_", name: "token", type: "BearerTokenAuthenticator.Token?")], "token")
        case .basic:
            return ("\(docs)Signs every request in with `username` and `password` (empty unless given).",
                    [Function.Parameter(name: "username", type: "String"), Function.Parameter(name: "password", type: "String", defaultValue: "\"\"")],
                    ".basic(username: username, password: password)")
        case .header(let name):
            return ("\(docs)Sends what `token` returns, asked anew for every request, as the header `\(name)`.",
                    [Function.Parameter(label: "_", name: "token", type: "@escaping @Sendable () async throws -> String")],
                    ".header(\(SwiftName.stringLiteral(name)), token: token)")
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
            body.append(.call(prefix: "\(keyword) builtIn: [Middleware] = [.defaultParameters", arguments: arguments, suffix: "]"))
            builtIn = ["builtIn"]
        } else if !spec.authSchemes.isEmpty {
            body.append(.line("var builtIn: [Middleware] = []"))
            builtIn = ["builtIn"]
        }
        let renewsTokens = spec.authSchemes.contains { scheme in
            if case .bearer(let bearer) = scheme.kind { bearer.refresh != nil } else { false }
        }
        if renewsTokens {
            body.append(.line("let refresher = settings.renewingClient(builtIn: builtIn)"))
        }
        for scheme in resolved.authSchemes {
            let middlewareName = SwiftName.stringLiteral(authMiddlewareName(scheme.name.value))
            let credential = credentialName(scheme.spec)
            if scheme.kind.isBearer {
                let name = SwiftName.escaped(SwiftName.member(scheme.name.value))
                body += bearerAuthenticator(name: name, token: credential, renewal: scheme.renewal)
                body.append(.line("builtIn.append(.authentication(.bearer(\(name)), name: \(middlewareName)))"))
            } else {
                body.append(.block("if let \(credential)", [.line("builtIn.append(.authentication(\(credential), name: \(middlewareName)))")]))
            }
        }
        for ways in authAlternatives {
            // A strategy that takes any of several ways sends the first the caller gave.
            let list = "[" + ways.map { way in "[" + way.map(authenticator).joined(separator: ", ") + "]" }.joined(separator: ", ") + "]"
            body.append(.line("builtIn.append(.authentication(.anyOf(\(list)), name: \(SwiftName.stringLiteral(authMiddlewareName(ways)))))"))
        }
        let client = "settings.client(\(builtIn.isEmpty ? "" : "builtIn: builtIn"))"
        let bearers = bearerSchemes.map { SwiftName.member($0) }.map { "\(SwiftName.argumentLabel($0)): \(SwiftName.escaped($0))" }
        let make = "\(clientName)(\((["client: \(client)"] + bearers).joined(separator: ", ")))"
        body.append(.line(body.isEmpty ? make : "return \(make)"))
        return body
    }

    /// `let session = BearerTokenAuthenticator(token: sessionToken) { … }`, renewing through the
    /// scheme's refresh strategy when it has one.
    private func bearerAuthenticator(name: String, token: String, renewal: Renewal?) -> [Statement] {
        guard let renewal else { return [.line("let \(name) = BearerTokenAuthenticator(token: \(token))")] }
        let strategyName = SwiftName.escaped(renewal.strategy.name.value)
        return [.closure(prefix: "let \(name) = BearerTokenAuthenticator(token: \(token))", parameters: "token", body: [
            .block("guard let refreshToken = token.refreshToken else", [.line("throw Authenticator.Failure.noCredentials")]),
            .expression(passingInput(renewal.strategy, ["refreshToken"], after: "let output = try await refresher.send(\(strategyName)(), ")),
            .call(prefix: "return BearerTokenAuthenticator.Token", arguments: bearerToken(from: "output", renewal.token, keeping: "refreshToken"), suffix: ""),
        ])]
    }
}

extension CodeContext {
    /// The arguments of a `BearerTokenAuthenticator.Token` built from `value`, a strategy's output holding `token`;
    /// `keeping` is the refresh token to keep when the output has none.
    func bearerToken(from value: String, _ token: TokenFields, keeping: String?) -> [String] {
        var arguments = ["accessToken: \(value).\(SwiftName.escaped(memberName(token.accessToken)))"]
        if let refreshToken = token.refreshToken {
            let member = "\(value).\(SwiftName.escaped(memberName(refreshToken)))"
            if let keeping, refreshToken.type.isOptional {
                arguments.append("refreshToken: \(member) ?? \(keeping)")
            } else {
                arguments.append("refreshToken: \(member)")
            }
        } else if let keeping {
            arguments.append("refreshToken: \(keeping)")
        }
        if let expiresIn = token.expiresIn {
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
