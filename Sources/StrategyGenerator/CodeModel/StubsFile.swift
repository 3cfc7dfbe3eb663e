extension CodeContext {
    /// `NAME.Stubs.swift`: the spec's example responses, and a client that answers with them.
    func stubsFile() -> SwiftFile {
        let examples = resolved.strategies.compactMap { strategy in strategy.example.map { (strategy, $0) } }
        guard !examples.isEmpty else { return file("Stubs", imports: [], []) }
        let members = examples.map { strategy, example -> Declaration in
            .property(Property(
                docs: [strategy.stream == nil ? "What `\(strategy.name.value)` answers in a stubbed client." : "What `\(strategy.name.value)` streams in a stubbed client, a record every `streamInterval`."],
                access: access, isStatic: true, isLet: true,
                name: SwiftName.escaped(SwiftName.member(strategy.name.value)),
                value: SwiftName.multilineStringLiteral(strategy.stream == nil ? exampleText(example) : streamText(strategy, example))
            ))
        }
        let stubs = TypeDeclaration(
            docs: ["Example responses from \(fileName(of: spec.file)), for stubbed clients, tests and previews."],
            access: access, kind: .enum, name: stubsName, members: members
        )
        // A stub transport answers by method and path: the first example of each answers, then
        // strategies that return nothing answer with an empty body.
        // A stream's route, matching only requests for the stream, comes before the JSON one
        // of the same operation.
        var routed = Set<String>()
        let streamed = examples.filter { $0.0.stream != nil }
        let streamRoutes = streamed.compactMap { strategy, _ -> Expression? in
            guard routed.insert("\(strategy.method) \(routePath(strategy)) stream").inserted else { return nil }
            return .code(".init(\(streamRouteArguments(strategy, path: routePath(strategy))), every: streamInterval, delay: delay)")
        }
        let answered = examples.filter { $0.0.stream == nil }.map { ($0.0, routeArguments($0.0)) }
            + resolved.strategies.filter { $0.returns == nil && $0.example == nil }.map { ($0, emptyRouteArguments($0)) }
        let routes = streamRoutes + answered.compactMap { strategy, arguments -> Expression? in
            guard routed.insert("\(strategy.method) \(routePath(strategy))").inserted else { return nil }
            return .code(".init(\(arguments), delay: delay)")
        }
        var parameters = [Function.Parameter(name: "delay", type: "Duration?", defaultValue: "nil")]
        var streamDocs: [String] = []
        if !streamed.isEmpty {
            parameters.append(Function.Parameter(name: "streamInterval", type: "Duration", defaultValue: ".milliseconds(100)"))
            streamDocs = ["A streaming strategy plays its example back a record (an event, a line) at a time, one", "every `streamInterval`."]
        }
        let stubbed = Function(
            docs: [
                "A client that answers from the spec's examples through a `StubTransport`, without the",
                "network or the middlewares, after `delay` if given. Strategies that share a method and",
                "path answer with the first one's example; those that return nothing, with an empty body.",
            ] + streamDocs,
            access: access, isStatic: true, name: "stubbed",
            parameters: parameters,
            returnType: clientName,
            body: [.expression(.array(prefix: stubbedBuilder + ".stubbed(", elements: routes, suffix: ").build()"))]
        )
        return file("Stubs", imports: ["StrategyKit"], [
            .type(stubs),
            .type(TypeDeclaration(kind: .extension, name: clientName, members: [.function(stubbed)])),
        ])
    }

    /// The builder a stubbed client starts from: the default environment's, or, when the default
    /// server's URL needs an argument, a local one, since a stub answers without a server.
    private var stubbedBuilder: String {
        defaultEnvironment == nil ? #"Builder(environment: .custom(Server(scheme: "http", host: "localhost")))"# : "Builder()"
    }

    /// `.get, "/users/{id}", json: UsersStubs.getUser`, with the status when the strategy's
    /// success rule doesn't take 200.
    private func routeArguments(_ strategy: ResolvedStrategy) -> String {
        var arguments = ".\(strategy.method.lowercased()), \"\(routePath(strategy))\", json: \(stubsName).\(SwiftName.escaped(SwiftName.member(strategy.name.value)))"
        if let success = strategy.successStatus, !success.contains(200) { arguments += ", status: \(success.lowerBound)" }
        // The headers every response has, so the stub's answer reads as the output.
        let required = strategy.responseHeaders.filter { !$0.type.isOptional }
        if !required.isEmpty {
            arguments += ", headers: [" + required.map { "\(SwiftName.stringLiteral($0.name.value)): \(SwiftName.stringLiteral(stubHeaderValue($0)))" }.joined(separator: ", ") + "]"
        }
        return arguments
    }

    /// `.delete, "/users/{id}", response: HTTPResponse(status: 200)`: an empty answer with the
    /// status the strategy's success rule takes, for a strategy that returns nothing.
    private func emptyRouteArguments(_ strategy: ResolvedStrategy) -> String {
        let status = strategy.successStatus.map { $0.contains(200) ? 200 : $0.lowerBound } ?? 200
        return ".\(strategy.method.lowercased()), \"\(routePath(strategy))\", response: HTTPResponse(status: \(status))"
    }

    /// A required response header's value in a stub: the document's example, else a value of its type.
    private func stubHeaderValue(_ header: FieldSpec) -> String {
        switch header.example {
        case .string(let text)?: return text
        case .int(let number)?: return String(number)
        case .double(let number)?: return String(number)
        case .bool(let flag)?: return flag ? "true" : "false"
        default:
            return switch header.type.unwrappingOptional {
            case .builtIn(.int), .builtIn(.int32), .builtIn(.int64), .builtIn(.double): "0"
            case .builtIn(.bool): "false"
            default: "string"
            }
        }
    }

    /// The strategy's path as a route matches it: `/users/{id}`.
    private func routePath(_ strategy: ResolvedStrategy) -> String {
        strategy.pathParts.map { part in
            switch part {
            case .literal(let text): SwiftName.stringLiteralContents(text)
            case .parameter(let parameter): "{\(SwiftName.stringLiteralContents(parameter.name.value))}"
            }
        }.joined()
    }

    /// A string example is the body as written; anything else is written as JSON.
    private func exampleText(_ value: YAMLValue) -> String {
        if case .string(let text) = value { return text }
        return JSONText.pretty(value)
    }
}
