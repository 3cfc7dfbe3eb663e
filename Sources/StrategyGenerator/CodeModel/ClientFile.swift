extension CodeContext {
    /// `NAME.Client.swift`: the client with its servers and a method per strategy, the role
    /// protocols it conforms to, and the builder that assembles it.
    ///
    /// Split in `split` files or more, the strategies' methods are in files of their own,
    /// `NAME.1.Client.swift` and on, each in an extension of the client: the methods of the
    /// strategies of `NAME.1.Strategies.swift`, and so on.
    func clientFiles(split: Int = 1) -> [SwiftFile] {
        let main = clientFile(withMethods: split <= 1)
        guard split > 1 else { return [main] }
        var shards = Array(repeating: [Declaration](), count: split)
        for (position, strategy) in resolved.strategies.enumerated() {
            shards[position * split / resolved.strategies.count] += methods(for: strategy).map(Declaration.function)
        }
        return [main] + shards.enumerated().map { offset, methods in
            var file = file(
                "\(offset + 1).Client", imports: methods.isEmpty ? [] : ["Foundation", "StrategyKit"],
                methods.isEmpty ? [] : [.type(TypeDeclaration(kind: .extension, name: clientName, members: methods))]
            )
            file.header.append("The client's methods, part \(offset + 1) of \(split): those of the strategies in \(stem).\(offset + 1).Strategies.swift.")
            return file
        }
    }

    func clientFile(withMethods: Bool = true) -> SwiftFile {
        guard !resolved.strategies.isEmpty else { return file("Client", imports: [], []) }
        var declarations: [Declaration] = [.type(client(withMethods: withMethods))]
        // A strategy's labelled method lives with the first role protocol that lists it, so a
        // caller that sees only the role has it too; the others' on the client.
        for role in resolved.roles {
            declarations.append(.type(interface(role.interface, role.strategies)))
            declarations += convenienceExtension(SwiftName.escaped(role.interface.name.value), role.firstListed)
        }
        if !spec.interfaces.isEmpty {
            declarations.append(.type(TypeDeclaration(kind: .extension, name: clientName, inherits: spec.interfaces.map { SwiftName.escaped($0.name.value) })))
        }
        declarations.append(.type(TypeDeclaration(kind: .extension, name: clientName, members: [.type(builder())])))
        return file("Client", imports: ["Foundation", "StrategyKit"], declarations)
    }

    /// Whether the client sends `strategy` from a method that takes its whole input: one that
    /// takes none, one a role protocol requires, or a sign-in that keeps the token it gets.
    private func sendsWholeInput(_ strategy: ResolvedStrategy) -> Bool {
        inputFields(strategy).isEmpty || strategy.isListedByRole || strategy.signIn != nil
    }

    /// The client, with the strategies' methods or without them.
    private func client(withMethods: Bool) -> TypeDeclaration {
        var members: [Declaration] = [.type(environment())]
        members.append(.property(Property(
            docs: ["Runs the strategies; use it to send a strategy with an input built elsewhere."],
            access: access, isLet: true, name: "client", type: "StrategyClient"
        )))
        members += bearerSchemes.map { scheme in
            .property(Property(
                docs: ["The `\(scheme)` credentials: set a token after signing in, read it to keep it."],
                access: access, isLet: true, name: SwiftName.escaped(SwiftName.member(scheme)), type: "BearerTokenAuthenticator"
            ))
        }
        let bearerParameters = bearerSchemes.map { Function.Parameter(name: SwiftName.escaped(SwiftName.member($0)), type: "BearerTokenAuthenticator") }
        members.append(.function(Function(
            docs: ["Wraps a client assembled elsewhere; ``Builder`` is the usual way to make one."],
            access: access,
            name: "init",
            parameters: [Function.Parameter(name: "client", type: "StrategyClient")] + bearerParameters,
            body: [.line("self.client = client")] + bearerParameters.map { .line("self.\($0.name) = \($0.name)") }
        )))
        members.append(.function(Function(
            docs: ["A client for `environment` that sends requests through `transport`, with the spec's defaults."],
            access: access,
            name: "init",
            parameters: [
                Function.Parameter(name: "environment", type: "Environment", defaultValue: defaultEnvironment),
                Function.Parameter(name: "transport", type: "any Transport", defaultValue: "URLSessionTransport()"),
            ],
            body: [.line("self = Builder(environment: environment).transport(transport).build()")]
        )))
        if withMethods {
            members += resolved.strategies.flatMap(methods).map(Declaration.function)
        }
        return TypeDeclaration(
            docs: docLines(spec.doc).isEmpty ? ["The \(apiName) API: a method per strategy."] : docLines(spec.doc),
            access: access, kind: .struct, name: clientName, inherits: ["Sendable"], members: members
        )
    }

    /// The client's methods that send `strategy`, but for those a role protocol has.
    private func methods(for strategy: ResolvedStrategy) -> [Function] {
        var methods: [Function] = []
        if sendsWholeInput(strategy) {
            methods.append(inputMethod(for: strategy))
            if !strategy.isListedByRole {
                methods += flattenedMethods(for: strategy)
            }
        } else {
            methods += flattenedMethods(for: strategy, sends: true)
        }
        methods += pagesMethods(for: strategy)
        methods += uploadMethod(for: strategy)
        return methods
    }

    /// A parameter that is no field of the input, with its documentation.
    private func documented(_ name: String, _ doc: String, at strategy: ResolvedStrategy) -> FieldSpec {
        var field = FieldSpec(name: Named(name, at: strategy.path.location), type: .builtIn(.data), typeLocation: strategy.path.location)
        field.doc = doc
        return field
    }

    /// For a strategy whose body is bytes, a method that sends it read as it goes (a file, or
    /// an async sequence of bytes) with its media type, telling the progress:
    /// `uploadAsset(id: 1, body: .file(url, contentType: "video/mp4"))`.
    private func uploadMethod(for strategy: ResolvedStrategy) -> [Function] {
        guard case .raw(let contentType)? = strategy.body, strategy.stream == nil, strategy.paging == nil else { return [] }
        // The input's last fields are the body and, for a media range, its media type.
        let fields = inputFields(strategy)
        let ranged = Self.mediaRange(contentType) != nil
        let kept = Array(fields.dropLast(ranged ? 2 : 1))
        let values = kept.map { SwiftName.escaped(memberName($0)) } + ["Data()"] + (ranged ? ["body.contentType"] : [])
        let parameters = kept.map { field in
            Function.Parameter(name: SwiftName.escaped(memberName(field)), type: propertySwiftType(field), defaultValue: defaultArgument(field))
        } + [
            Function.Parameter(name: "body", type: "StreamedBody"),
            Function.Parameter(name: "progress", type: "(@Sendable (TransferProgress) -> Void)?", defaultValue: "nil"),
        ]
        let name = SwiftName.escaped(strategy.name.value)
        let send = passingInput(strategy, values, of: fields, after: "try await client.upload(\(name)(), ")
        // The input, then the body that goes in place of its bytes.
        let call: Expression = switch send {
        case .call(let prefix, let arguments, _): .call(prefix: prefix, arguments: arguments, suffix: ", body: body, progress: progress)")
        default: send
        }
        return [Function(
            docs: methodDocs(strategy) + ["", "The body is read as it is sent, from a file or an async sequence of bytes, never whole into memory."]
                + parameterDocs(kept + [
                    documented("body", "The body, and its media type.", at: strategy),
                    documented("progress", "Told the bytes sent so far, and the total when it is known, as they go.", at: strategy),
                ]),
            attributes: deprecatedAttribute(strategy.deprecation),
            access: access,
            name: methodName(strategy),
            parameters: parameters,
            isAsync: true,
            isThrowing: true,
            thrownType: thrownType(strategy),
            returnType: sending(strategy).returnType,
            body: [.expression(call)]
        )]
    }

    var bearerSchemes: [String] {
        spec.authSchemes.compactMap { if case .bearer = $0.kind { $0.name.value } else { nil } }
    }

    /// The named servers of the spec, and any other.
    private func environment() -> TypeDeclaration {
        var members: [Declaration] = spec.servers.map { server in
            let variables = server.variables.map { variable in
                "\(SwiftName.escaped(SwiftName.member(variable.name.value))): String" + (variable.defaultValue.map { " = \(SwiftName.stringLiteral($0))" } ?? "")
            }
            let docs = docLines(server.doc) + ["`\(serverDescription(server))`"] + server.variables.filter { !$0.allowedValues.isEmpty }.map {
                "- `\($0.name)`: one of " + $0.allowedValues.map { "`\($0)`" }.joined(separator: ", ")
            }
            return .enumCase(docs: docs, name: SwiftName.escaped(server.name.value) + (variables.isEmpty ? "" : "(\(variables.joined(separator: ", ")))"), rawValue: nil)
        }
        members.append(.enumCase(docs: ["Any other server, such as a local mock."], name: "custom(Server)", rawValue: nil))
        var cases = spec.servers.map { server in
            let bindings = server.variables.map { "let \(SwiftName.escaped(SwiftName.member($0.name.value)))" }
            let pattern = ".\(SwiftName.escaped(server.name.value))" + (bindings.isEmpty ? "" : "(\(bindings.joined(separator: ", ")))")
            return SwitchCase(pattern: pattern, body: [.line(serverExpression(server))])
        }
        cases.append(SwitchCase(pattern: ".custom(let server)", body: [.line("server")]))
        members.append(.property(Property(access: access, name: "server", type: "Server", getter: [.switchOver("self", cases)])))
        return TypeDeclaration(
            docs: ["The servers the \(apiName) API runs on."],
            access: access, kind: .enum, name: "Environment", inherits: ["Hashable", "Sendable"], members: members
        )
    }

    func serverDescription(_ server: ServerSpec) -> String {
        "\(server.scheme)://\(server.host)" + (server.port.map { ":\($0)" } ?? "") + server.basePath
    }

    /// The first server, the client's default: `.production`, or `.sandbox()` when its URL has
    /// variables (each with its default); `nil` when a variable of its URL has no default, so the
    /// caller chooses the environment.
    var defaultEnvironment: String? {
        let server = spec.servers[0]
        guard server.variables.allSatisfy({ $0.defaultValue != nil }) else { return nil }
        return ".\(SwiftName.escaped(server.name.value))" + (server.variables.isEmpty ? "" : "()")
    }

    /// `Server(...)`, with `{variables}` interpolated.
    func serverExpression(_ server: ServerSpec) -> String {
        func text(_ template: String) -> String {
            let parts = PathTemplate(template).parts.map { part -> String in
                switch part {
                case .literal(let literal): SwiftName.stringLiteralContents(literal)
                case .placeholder(let name): "\\(\(SwiftName.escaped(SwiftName.member(name))))"
                }
            }
            return "\"" + parts.joined() + "\""
        }
        var arguments = ["scheme: \(SwiftName.stringLiteral(server.scheme))", "host: \(text(server.host))"]
        if let port = server.port { arguments.append("port: \(port)") }
        if !server.basePath.isEmpty { arguments.append("basePath: \(text(server.basePath))") }
        return "Server(\(arguments.joined(separator: ", ")))"
    }

    private func methodName(_ strategy: ResolvedStrategy) -> String {
        SwiftName.escaped(SwiftName.member(strategy.name.value))
    }

    /// `func getUser(_ input: GetUser.Input) async throws -> User`: the form role protocols require.
    ///
    /// A strategy that signs in also hands the token it got to its scheme's authenticator.
    private func inputMethod(for strategy: ResolvedStrategy, requirement: Bool = false) -> Function {
        let strategyName = SwiftName.escaped(strategy.name.value)
        let hasInput = !inputFields(strategy).isEmpty
        let sending = sending(strategy)
        // A call without input needs none; a stream is given `()`.
        let send = hasInput ? "\(sending.opening)input)" : sending.isAsync ? "\(sending.opening.dropLast(2)))" : "\(sending.opening)())"
        var body: [Statement] = [.line(send)]
        if let token = strategy.signIn {
            body = [
                .line("let output = \(send)"),
                .call(
                    prefix: "await \(SwiftName.escaped(SwiftName.member(token.scheme.name.value))).setToken(BearerTokenAuthenticator.Token",
                    arguments: bearerToken(from: "output", token, keeping: nil), suffix: ")"
                ),
                .line("return output"),
            ]
        }
        return Function(
            docs: (hasInput ? summaryDocs(strategy) : methodDocs(strategy)) + streamDocs(strategy)
                + (hasInput ? ["", "- Parameter input: What ``\(strategyName)`` sends."] : []),
            attributes: signInAttribute(strategy) + deprecatedAttribute(strategy.deprecation),
            access: requirement ? nil : access,
            name: methodName(strategy),
            parameters: hasInput ? [Function.Parameter(label: "_", name: "input", type: "\(strategyName).Input")] : [],
            isAsync: sending.isAsync,
            isThrowing: sending.isAsync,
            thrownType: sending.isAsync ? thrownType(strategy) : nil,
            returnType: sending.returnType,
            body: requirement ? nil : body
        )
    }

    /// `CallError<VKError>`: what a method throws, typed with the strategy's error enum, so a
    /// caller's `catch` can be exhaustive.
    private func thrownType(_ strategy: ResolvedStrategy) -> String {
        "CallError<\(strategy.errorType.map { SwiftName.escaped($0.name.value) } ?? "UnexpectedResponse")>"
    }

    /// A sign-in's output is mostly kept by the client, so a caller may ignore it.
    private func signInAttribute(_ strategy: ResolvedStrategy) -> [String] {
        strategy.signIn == nil ? [] : ["@discardableResult"]
    }

    /// `func getUser(id: Int, includePosts: Bool? = nil) async throws -> User`, for strategies
    /// with input: it sends the strategy itself, or hands the input to the method that does.
    /// Where the input has deprecated parts that can be left out, a method without them comes
    /// first and a deprecated one with every part second.
    private func flattenedMethods(for strategy: ResolvedStrategy, sends: Bool = false) -> [Function] {
        let fields = inputFields(strategy)
        guard !fields.isEmpty else { return [] }
        return initializerVariants(fields).map { variant in
            let parameters = variant.fields.map { field in
                Function.Parameter(name: SwiftName.escaped(memberName(field)), type: propertySwiftType(field), defaultValue: defaultArgument(field))
            }
            // A parameter named like the method hides it inside the method.
            let own = parameters.contains { $0.name == methodName(strategy) } ? "self." : ""
            let sending = sending(strategy)
            let opening = sends ? sending.opening : (sending.isAsync ? "try await " : "") + "\(own)\(methodName(strategy))("
            let send = passingInput(strategy, parameters.map(\.name), of: variant.fields, after: opening)
            return Function(
                docs: methodDocs(strategy) + streamDocs(strategy) + parameterDocs(variant.fields),
                attributes: signInAttribute(strategy) + deprecatedAttribute(strategy.deprecation ?? variant.deprecation),
                access: access,
                name: methodName(strategy),
                parameters: parameters,
                isAsync: sending.isAsync,
                isThrowing: sending.isAsync,
                thrownType: sending.isAsync ? thrownType(strategy) : nil,
                returnType: sending.returnType,
                body: [.expression(send)]
            )
        }
    }

    /// `extension NAME { … }` with the labelled methods of `strategies` that take input, if any do.
    private func convenienceExtension(_ name: String, _ strategies: [ResolvedStrategy]) -> [Declaration] {
        let methods = strategies.flatMap { flattenedMethods(for: $0) }
        guard !methods.isEmpty else { return [] }
        return [.type(TypeDeclaration(kind: .extension, name: name, members: methods.map(Declaration.function)))]
    }

    /// A role protocol: the methods of the strategies it lists.
    private func interface(_ interface: InterfaceSpec, _ strategies: [ResolvedStrategy]) -> TypeDeclaration {
        TypeDeclaration(
            docs: docLines(interface.doc),
            access: access,
            kind: .protocol,
            name: SwiftName.escaped(interface.name.value),
            inherits: ["Sendable"],
            members: strategies.map { .function(inputMethod(for: $0, requirement: true)) }
        )
    }
}
