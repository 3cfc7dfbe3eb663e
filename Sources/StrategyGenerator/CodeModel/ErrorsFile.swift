extension CodeContext {
    /// `NAME.Errors.swift`: an enum per error type, built from the response the success check rejected.
    func errorsFile() -> SwiftFile {
        file("Errors", imports: ["Foundation", "StrategyKit"], spec.errors.map { .type(errorType($0)) })
    }

    private func errorType(_ error: ErrorSpec) -> TypeDeclaration {
        var members: [Declaration] = error.statusCases.map { statusCase in
            .enumCase(docs: ["HTTP \(statusCase.statusCode)."], name: SwiftName.escaped(statusCase.caseName.value), rawValue: nil)
        }
        members.append(.enumCase(
            docs: ["A response no other case describes, as it came."],
            name: "unknown(statusCode: Int, body: Data)",
            rawValue: nil
        ))
        let cases = error.statusCases.map { statusCase in
            SwitchCase(pattern: "\(statusCase.statusCode)", body: [.line("self = .\(SwiftName.escaped(statusCase.caseName.value))")])
        }
        let fallback = SwitchCase(pattern: nil, body: [.line("self = .unknown(statusCode: response.statusCode, body: response.body)")])
        members.append(.function(Function(
            access: access,
            name: "init",
            parameters: [Function.Parameter(name: "response", type: "HTTPResponse")],
            body: [.switchOver("response.statusCode", cases + [fallback])]
        )))
        return TypeDeclaration(
            access: access,
            kind: .enum,
            name: SwiftName.escaped(error.name.value),
            inherits: ["APIError", "Hashable"],
            members: members
        )
    }
}
