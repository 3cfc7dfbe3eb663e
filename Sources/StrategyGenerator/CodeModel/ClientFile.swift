extension CodeContext {
    /// `NAME.Client.swift`: the API's servers, and a client with one method per strategy.
    func clientFile() -> SwiftFile {
        var members: [Declaration] = [.type(environment())]
        members.append(.property(Property(
            docs: ["Runs the strategies; use it to send a strategy with an input built elsewhere."],
            access: access, isLet: true, name: "client", type: "StrategyClient"
        )))
        members.append(.function(Function(
            docs: ["Creates a client for `environment` that sends requests through `transport`."],
            access: access,
            name: "init",
            parameters: [
                Function.Parameter(name: "environment", type: "Environment", defaultValue: ".\(SwiftName.escaped(spec.servers[0].name.value))"),
                Function.Parameter(name: "transport", type: "any Transport", defaultValue: "URLSessionTransport()"),
            ],
            body: [.line("client = StrategyClient(server: environment.server, transport: transport)")]
        )))
        members += spec.strategies.map { .function(method(for: $0)) }
        let client = TypeDeclaration(
            docs: ["The \(spec.name.value) API: one method per strategy."],
            access: access,
            kind: .struct,
            name: clientName,
            inherits: ["Sendable"],
            members: members
        )
        return file("Client", imports: ["StrategyKit"], [.type(client)])
    }

    /// The named servers of the spec, and any other.
    private func environment() -> TypeDeclaration {
        var members: [Declaration] = spec.servers.map { server in
            .enumCase(docs: ["`\(serverDescription(server))`"], name: SwiftName.escaped(server.name.value), rawValue: nil)
        }
        members.append(.enumCase(docs: ["Any other server, such as a local mock."], name: "custom(Server)", rawValue: nil))
        var cases = spec.servers.map { server in
            SwitchCase(pattern: ".\(SwiftName.escaped(server.name.value))", body: [.line(serverExpression(server))])
        }
        cases.append(SwitchCase(pattern: ".custom(let server)", body: [.line("server")]))
        members.append(.property(Property(
            access: access, name: "server", type: "Server",
            getter: [.switchOver("self", cases)]
        )))
        return TypeDeclaration(
            docs: ["The servers the \(spec.name.value) API runs on."],
            access: access,
            kind: .enum,
            name: "Environment",
            inherits: ["Hashable", "Sendable"],
            members: members
        )
    }

    private func serverDescription(_ server: ServerSpec) -> String {
        "\(server.scheme)://\(server.host)" + (server.port.map { ":\($0)" } ?? "") + server.basePath
    }

    private func serverExpression(_ server: ServerSpec) -> String {
        var arguments = ["scheme: \(SwiftName.stringLiteral(server.scheme))", "host: \(SwiftName.stringLiteral(server.host))"]
        if let port = server.port { arguments.append("port: \(port)") }
        if !server.basePath.isEmpty, server.basePath != "/" { arguments.append("basePath: \(SwiftName.stringLiteral(server.basePath))") }
        return "Server(\(arguments.joined(separator: ", ")))"
    }

    /// `func getUser(id: Int, verbose: Bool? = nil) async throws -> User`
    private func method(for strategy: StrategySpec) -> Function {
        let fields = strategy.pathParameters + strategy.query
        let parameters = fields.map { field in
            Function.Parameter(
                name: SwiftName.escaped(SwiftName.member(field.name.value)),
                type: swiftType(field.type),
                defaultValue: field.type.isOptional ? "nil" : nil
            )
        }
        let strategyName = SwiftName.escaped(strategy.name.value)
        var call = "try await client.send(\(strategyName)()"
        if !fields.isEmpty {
            let arguments = parameters.map { "\($0.name): \($0.name)" }.joined(separator: ", ")
            call += ", \(strategyName).Input(\(arguments))"
        }
        call += ")"
        return Function(
            docs: strategyDocs(strategy),
            access: access,
            name: SwiftName.escaped(SwiftName.member(strategy.name.value)),
            parameters: parameters,
            isAsync: true,
            isThrowing: true,
            returnType: strategy.returns.map(swiftType),
            body: [.line(call)]
        )
    }
}
