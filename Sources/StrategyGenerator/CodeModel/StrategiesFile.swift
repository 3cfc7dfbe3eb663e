import Foundation

extension CodeContext {
    /// `NAME.Strategies.swift`: a `Strategy` struct per endpoint.
    func strategiesFile() -> SwiftFile {
        file("Strategies", imports: ["Foundation", "StrategyKit"], spec.strategies.map { .type(strategy($0)) })
    }

    /// The strategy's doc comment: its own text, then its method and path.
    func strategyDocs(_ strategy: StrategySpec) -> [String] {
        let docs = docLines(strategy.doc)
        return docs + (docs.isEmpty ? [] : [""]) + ["`\(strategy.method) \(strategy.path.value)`"]
    }

    private func strategy(_ strategy: StrategySpec) -> TypeDeclaration {
        var members: [Declaration] = []
        members.append(.typeAlias(docs: [], access: access, name: "Output", type: strategy.returns.map(swiftType) ?? "Void"))
        if let errorType = strategy.errorType {
            members.append(.typeAlias(docs: [], access: access, name: "Failure", type: SwiftName.escaped(errorType.value)))
        }
        let parameters = strategy.pathParameters + strategy.query
        if !parameters.isEmpty {
            members.append(.type(TypeDeclaration(
                docs: ["What one call of `\(strategy.name.value)` sends."],
                access: access,
                kind: .struct,
                name: "Input",
                inherits: ["Hashable", "Sendable"],
                members: storedProperties(parameters)
            )))
        }
        members.append(.function(Function(access: access, name: "init", body: [])))
        members.append(.function(Function(
            access: access,
            name: "endpoint",
            parameters: [Function.Parameter(label: "for", name: "input", type: parameters.isEmpty ? "Void" : "Input")],
            returnType: "Endpoint",
            body: [.line(endpointExpression(strategy))]
        )))
        return TypeDeclaration(
            docs: strategyDocs(strategy),
            access: access,
            kind: .struct,
            name: SwiftName.escaped(strategy.name.value),
            inherits: ["Strategy"],
            members: members
        )
    }

    /// `Endpoint(.get, "/users/\(input.id)", query: ["verbose": input.verbose])`
    private func endpointExpression(_ strategy: StrategySpec) -> String {
        var arguments = [methodExpression(strategy.method), pathExpression(strategy.path.value)]
        if !strategy.query.isEmpty {
            let items = strategy.query.map { field in
                "\(SwiftName.stringLiteral(field.name.value)): input.\(SwiftName.escaped(SwiftName.member(field.name.value)))"
            }
            arguments.append("query: [\(items.joined(separator: ", "))]")
        }
        return "Endpoint(\(arguments.joined(separator: ", ")))"
    }

    private func methodExpression(_ method: String) -> String {
        let known = ["GET", "POST", "PUT", "PATCH", "DELETE", "HEAD", "OPTIONS"]
        return known.contains(method) ? ".\(method.lowercased())" : SwiftName.stringLiteral(method)
    }

    /// A `RequestPath` literal: literal parts percent-encoded now, each placeholder interpolated
    /// so the runtime encodes its value as one segment.
    private func pathExpression(_ path: String) -> String {
        var literal = ""
        for part in PathTemplate(path).parts {
            switch part {
            case .literal(let text):
                let encoded = text.addingPercentEncoding(withAllowedCharacters: .urlPathAllowed) ?? text
                literal += String(SwiftName.stringLiteral(encoded).dropFirst().dropLast())
            case .placeholder(let name):
                literal += "\\(input.\(SwiftName.escaped(SwiftName.member(name))))"
            }
        }
        return "\"\(literal)\""
    }
}
