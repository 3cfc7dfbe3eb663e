extension CodeContext {
    /// The response headers a strategy reads: optional, as a server may leave any out, but for
    /// those the API documents as required (an imported document's `required: true`).
    func responseHeaderFields(_ strategy: ResolvedStrategy) -> [FieldSpec] {
        strategy.responseHeaders
    }

    /// Whether reading a strategy's headers throws: some header is required.
    func readingHeadersThrows(_ strategy: ResolvedStrategy) -> Bool {
        strategy.responseHeaders.contains { !$0.type.isOptional }
    }

    /// `struct Headers`: the response headers a strategy reads, and how they are read.
    func responseHeadersType(_ strategy: ResolvedStrategy) -> TypeDeclaration {
        let fields = responseHeaderFields(strategy)
        let reads = fields.map { field -> Statement in
            let name = SwiftName.stringLiteral(field.name.value)
            let type = swiftType(field.type.unwrappingOptional)
            let method = field.type.isOptional ? "fields.value" : "try fields.required"
            let read = field.type.unwrappingOptional == .builtIn(.string) ? "\(method)(\(name))" : "\(method)(\(name), as: \(type).self)"
            return .line("\(SwiftName.escaped(storageName(field))) = \(read)")
        }
        let throwing = readingHeadersThrows(strategy)
        let fromFields = Function(
            docs: throwing
                ? ["Reads the headers from a response's `fields`; throws when a required one is missing or", "doesn't read as its type, and an optional one that is missing, or doesn't read, is `nil`."]
                : ["Reads the headers from a response's `fields`; one that is missing, or doesn't read as", "its type, is `nil`."],
            access: access, name: "init",
            parameters: [Function.Parameter(label: "_", name: "fields", type: "HTTPFields")],
            isThrowing: throwing,
            body: reads
        )
        return TypeDeclaration(
            docs: ["The response headers `\(strategy.name.value)` reads."],
            access: access, kind: .struct, name: "Headers",
            inherits: ["Sendable", "Equatable"],
            members: storedProperties(fields, access: access) + [.function(fromFields)]
        )
    }

    /// `output(from:body:decoder:)` for a strategy that reads response headers: the decoded
    /// output with its headers, or the headers alone when it returns nothing.
    func outputWithHeaders(_ strategy: ResolvedStrategy) -> Function? {
        guard !strategy.responseHeaders.isEmpty else { return nil }
        let value: Statement
        var throwing = readingHeadersThrows(strategy)
        let headers = (throwing ? "try " : "") + "Headers(response.headerFields)"
        switch strategy.returns {
        case .type(.builtIn(.data), _)?:
            value = .line("WithHeaders(body, headers: \(headers))")
        case .type(let type, _)?:
            value = .call(
                prefix: "WithHeaders",
                arguments: ["try \(outputDecoding(type))", "headers: \(headers)"],
                suffix: ""
            )
            throwing = true
        case .fields?, nil:
            value = .line(headers)
        }
        let docs = switch strategy.returns {
        case nil: "The response headers."
        case .type(.builtIn(.data), _)?: "The body as it came, with the response headers."
        case .some: "The output decoded from the body, with the response headers."
        }
        return Function(
            docs: [docs],
            access: access, name: "output",
            parameters: [
                Function.Parameter(label: "from", name: "response", type: "HTTPResponse"),
                Function.Parameter(name: "body", type: "Data"),
                Function.Parameter(name: "decoder", type: "JSONDecoder"),
            ],
            isThrowing: throwing, returnType: "Output",
            body: [value]
        )
    }
}
