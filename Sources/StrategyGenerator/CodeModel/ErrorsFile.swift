extension CodeContext {
    /// `NAME.Errors.swift`: an enum per error type, built from the response the success check rejected.
    func errorsFile() -> SwiftFile {
        file("Errors", imports: ["Foundation", "StrategyKit"], spec.errors.map { .type(errorType($0)) })
    }

    /// The Swift type of an error type's codes.
    private func codeType(_ error: ErrorSpec) -> String {
        error.codeCases.contains { if case .string = $0.code { true } else { false } } ? "String" : "Int"
    }

    private func errorType(_ error: ErrorSpec) -> TypeDeclaration {
        var members: [Declaration] = []
        for codeCase in error.codeCases {
            members.append(.enumCase(docs: ["Error code \(codeText(codeCase.code))."], name: SwiftName.escaped(codeCase.caseName.value), rawValue: nil))
        }
        for statusCase in error.statusCases {
            members.append(.enumCase(docs: ["HTTP \(statusCase.statusCode)."], name: SwiftName.escaped(statusCase.caseName.value) + payloadSignature(statusCase.payload), rawValue: nil))
        }
        var unknown = ["statusCode: Int"]
        if error.codePath != nil { unknown.append("code: \(codeType(error))?") }
        if error.messagePath != nil { unknown.append("message: String?") }
        unknown.append("body: Data")
        members.append(.enumCase(
            docs: ["A response no other case describes, with what it said."],
            name: "unknown(\(unknown.joined(separator: ", ")))",
            rawValue: nil
        ))
        members.append(.function(initializer(error)))
        if let bodyKey = error.bodyKey {
            members.append(.property(Property(
                docs: ["Accepts a 2xx response unless its body has `\(bodyKey)`: this API reports errors at HTTP 200."],
                access: access, isStatic: true, isLet: true, name: "successCheck", type: "SuccessCheck",
                value: ".statusCodes(200..<300).and(.bodyLacksKey(\(SwiftName.stringLiteral(bodyKey))))"
            )))
        }
        return TypeDeclaration(
            docs: docLines(error.doc).isEmpty ? ["An error the \(apiName) API reports."] : docLines(error.doc),
            access: access,
            kind: .enum,
            name: SwiftName.escaped(error.name.value),
            inherits: conformances(error) + ["Equatable"],
            members: members
        )
    }

    /// `APIError`, or the protocols that refine it with what the error type does: check success
    /// its own way, decode payloads.
    private func conformances(_ error: ErrorSpec) -> [String] {
        var protocols: [String] = []
        if error.bodyKey != nil { protocols.append("SuccessCheckingAPIError") }
        if decodesPayloads(error) { protocols.append("DecodingAPIError") }
        return protocols.isEmpty ? ["APIError"] : protocols
    }

    /// Whether a case carries a payload decoded from the body.
    private func decodesPayloads(_ error: ErrorSpec) -> Bool {
        error.statusCases.contains { if case .body = $0.payload { true } else { false } }
    }

    private func codeText(_ code: YAMLValue) -> String {
        switch code {
        case .int(let number): String(number)
        case .string(let text): "`\(text)`"
        default: ""
        }
    }

    private func payloadSignature(_ payload: StatusCase.Payload) -> String {
        switch payload {
        case .none: ""
        case .body(let type): "(\(swiftType(type.unwrappingOptional))?)"
        case .values(let values): "(" + values.map { "\(SwiftName.escaped($0.name)): String?" }.joined(separator: ", ") + ")"
        }
    }

    private func payloadExpression(_ payload: StatusCase.Payload) -> String {
        switch payload {
        case .none: ""
        case .body(let type): "(try? decoder.decode(\(swiftType(type.unwrappingOptional)).self, from: body))"
        case .values(let values):
            "(" + values.map { "\(SwiftName.escaped($0.name)): body.value(at: \(SwiftName.stringLiteral($0.path)))" }.joined(separator: ", ") + ")"
        }
    }

    /// Reads the code (when the spec says where it is), then picks the case: by code first, then by status.
    private func initializer(_ error: ErrorSpec) -> Function {
        var body: [Statement] = []
        var unknown = ["statusCode: response.status.code"]
        if let codePath = error.codePath {
            body.append(.line("let code = body.value(at: \(SwiftName.stringLiteral(codePath)), as: \(codeType(error)).self)"))
            unknown.append("code: code")
        }
        if let messagePath = error.messagePath {
            unknown.append("message: body.value(at: \(SwiftName.stringLiteral(messagePath)))")
        }
        unknown.append("body: body")
        let byCode = !error.codeCases.isEmpty
        var cases: [SwitchCase] = error.codeCases.map { codeCase in
            let code = switch codeCase.code {
            case .string(let text): SwiftName.stringLiteral(text)
            default: codeText(codeCase.code)
            }
            return SwitchCase(pattern: "(_, \(code)?)", body: [.line("self = .\(SwiftName.escaped(codeCase.caseName.value))")])
        }
        cases += error.statusCases.map { statusCase in
            let pattern = byCode ? "(\(statusCase.statusCode), _)" : "\(statusCase.statusCode)"
            return SwitchCase(pattern: pattern, body: [.line("self = .\(SwiftName.escaped(statusCase.caseName.value))\(payloadExpression(statusCase.payload))")])
        }
        cases.append(SwitchCase(pattern: nil, body: [.call(prefix: "self = .unknown", arguments: unknown, suffix: "")]))
        body.append(.switchOver(byCode ? "(response.status.code, code)" : "response.status.code", cases))
        var parameters = [Function.Parameter(name: "response", type: "HTTPResponse"), Function.Parameter(name: "body", type: "Data")]
        if decodesPayloads(error) { parameters.append(Function.Parameter(name: "decoder", type: "JSONDecoder")) }
        return Function(access: access, name: "init", parameters: parameters, body: body)
    }
}
