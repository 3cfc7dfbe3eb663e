extension CodeContext {
    /// The response headers a strategy reads, each optional: a server may leave any out.
    func responseHeaderFields(_ strategy: ResolvedStrategy) -> [FieldSpec] {
        strategy.responseHeaders.map { header in
            var field = header
            if !field.type.isOptional { field.type = .optional(field.type) }
            return field
        }
    }

    /// `struct Headers`: the response headers a strategy reads, and how they are read.
    func responseHeadersType(_ strategy: ResolvedStrategy) -> TypeDeclaration {
        let fields = responseHeaderFields(strategy)
        let reads = fields.map { field -> Statement in
            let name = SwiftName.stringLiteral(field.name.value)
            let type = swiftType(field.type.unwrappingOptional)
            let read = type == "String" ? "fields.value(\(name))" : "fields.value(\(name), as: \(type).self)"
            return .line("\(SwiftName.escaped(storageName(field))) = \(read)")
        }
        let fromFields = Function(
            docs: ["Reads the headers from a response's `fields`; one that is missing, or doesn't read as", "its type, is `nil`."],
            access: access, name: "init",
            parameters: [Function.Parameter(label: "_", name: "fields", type: "HTTPFields")],
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
        var throwing = false
        switch strategy.returns {
        case .type(.named("Data"), _)?:
            value = .line("WithHeaders(body, headers: Headers(response.headerFields))")
        case .type(let type, _)?:
            value = .call(
                prefix: "WithHeaders",
                arguments: ["try decoder.decode(\(swiftType(type)).self, from: body, at: outputPath)", "headers: Headers(response.headerFields)"],
                suffix: ""
            )
            throwing = true
        case .fields?, nil:
            value = .line("Headers(response.headerFields)")
        }
        let docs = switch strategy.returns {
        case nil: "The response headers."
        case .type(.named("Data"), _)?: "The body as it came, with the response headers."
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
