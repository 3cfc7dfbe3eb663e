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
        let keepsMessage = error.messagePath != nil
        for codeCase in error.codeCases {
            let signature = signature(codeCase.payload.isEmpty ? .none : .values(codeCase.payload), keepsMessage: keepsMessage)
            members.append(.enumCase(docs: ["Error code \(codeText(codeCase.code))."], name: SwiftName.escaped(codeCase.caseName.value) + signature, rawValue: nil))
        }
        for statusCase in error.statusCases {
            let signature = signature(statusCase.payload, keepsMessage: keepsMessage, status: statusCase.status, keepsBody: statusCase.keepsBody)
            let status = switch statusCase.status {
            case .code(let code): "HTTP \(code)"
            case .range(let digit): "Any HTTP \(digit)xx that no case of its own status takes"
            case .other: "Any other rejected response whose body decodes as the payload"
            }
            var docs = statusCase.header.map { "\(status) with `\($0.name.value): \($0.value)`." } ?? "\(status)."
            if statusCase.keepsBody { docs.removeLast(); docs += ", with its body as it came: operations give it different bodies." }
            members.append(.enumCase(docs: [docs], name: SwiftName.escaped(statusCase.caseName.value) + signature, rawValue: nil))
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
        if decodesPayloads(error) {
            // The initializer without a decoder decodes payloads with a plain one.
            members.append(.function(Function(
                access: access, name: "init",
                parameters: [Function.Parameter(name: "response", type: "HTTPResponse"), Function.Parameter(name: "body", type: "Data")],
                body: [.line("self.init(response: response, body: body, decoder: JSONDecoder())")]
            )))
        }
        if keepsMessage { members.append(.property(messageProperty(error))) }
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
            kind: layout.holdsLargeValues(bodies(error)) ? .indirectEnum : .enum,
            name: SwiftName.escaped(error.name.value),
            inherits: conformances(error) + ["Equatable"],
            members: members
        )
    }

    /// The types of the bodies the error type's cases hold.
    private func bodies(_ error: ErrorSpec) -> [TypeReference] {
        error.statusCases.compactMap { if case .body(let type) = $0.payload { type } else { nil } }
    }

    /// `APIError`: an error type that checks success its own way says so in its
    /// `successCheck`, one that decodes payloads has an initializer with a decoder.
    private func conformances(_ error: ErrorSpec) -> [String] {
        ["APIError"]
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

    /// `(Problem?)`, `(captchaSid: String?, message: String?)`: the status of a range or
    /// `default` case, what a case keeps, then the server's message when the error type says
    /// where it is, then the body as it came when the case keeps it; empty for nothing. A
    /// `default` case's payload always decoded.
    private func signature(_ payload: StatusCase.Payload, keepsMessage: Bool, status: StatusCase.Status = .code(0), keepsBody: Bool = false) -> String {
        var parts: [String]
        switch payload {
        case .none: parts = []
        case .body(let type): parts = ["\(swiftType(type.unwrappingOptional))" + (status == .other ? "" : "?")]
        case .values(let values): parts = values.map { "\(SwiftName.escaped($0.name)): String?" }
        }
        if status.carriesStatusCode { parts.insert("statusCode: Int", at: 0) }
        if keepsMessage { parts.append("message: String?") }
        if keepsBody { parts.append("body: Data") }
        return parts.isEmpty ? "" : "(" + parts.joined(separator: ", ") + ")"
    }

    /// `self = .notFound(message: message)`: the case with what it keeps, broken one argument a
    /// line when long.
    private func assignment(_ caseName: String, _ payload: StatusCase.Payload, keepsMessage: Bool, status: StatusCase.Status = .code(0), keepsBody: Bool = false) -> Statement {
        var arguments = payloadArguments(payload, keepsMessage: keepsMessage)
        if status == .other, case .body = payload { arguments[0] = "payload" }
        if status.carriesStatusCode { arguments.insert("statusCode: response.status.code", at: 0) }
        if keepsBody { arguments.append("body: body") }
        let name = "self = .\(SwiftName.escaped(caseName))"
        return arguments.isEmpty ? .line(name) : .call(prefix: name, arguments: arguments, suffix: "")
    }

    private func payloadArguments(_ payload: StatusCase.Payload, keepsMessage: Bool) -> [String] {
        var parts: [String]
        switch payload {
        case .none: parts = []
        case .body(let type): parts = ["try? decoder.decode(\(swiftType(type.unwrappingOptional)).self, from: body)"]
        case .values(let values):
            parts = values.map { "\(SwiftName.escaped($0.name)): body.value(at: \(SwiftName.stringLiteral($0.path)))" }
        }
        if keepsMessage { parts.append("message: message") }
        return parts
    }

    /// How many values a case keeps before the message.
    private func payloadCount(_ payload: StatusCase.Payload) -> Int {
        switch payload {
        case .none: 0
        case .body: 1
        case .values(let values): values.count
        }
    }

    /// `var message: String?`: the server's message, whichever case the error is.
    private func messageProperty(_ error: ErrorSpec) -> Property {
        func binding(_ name: String, skipping count: Int, keepsBody: Bool) -> String {
            ".\(SwiftName.escaped(name))(" + String(repeating: "_, ", count: count) + "let message" + (keepsBody ? ", _)" : ")")
        }
        let named = error.codeCases.map { ($0.caseName.value, $0.payload.count, false) }
            + error.statusCases.map { ($0.caseName.value, payloadCount($0.payload) + ($0.status.carriesStatusCode ? 1 : 0), $0.keepsBody) }
        let patterns = named.map { name, count, keepsBody in binding(name, skipping: count, keepsBody: keepsBody) }
            + [".unknown(_, " + (error.codePath != nil ? "_, " : "") + "let message, _)"]
        return Property(
            docs: ["What the server said about the error, whichever case it is."],
            access: access, name: "message", type: "String?",
            getter: [.switchOver("self", [SwitchCase(patterns: patterns, body: [.line("message")])])]
        )
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
            body.append(.line("let message: String? = body.value(at: \(SwiftName.stringLiteral(messagePath)))"))
            unknown.append("message: message")
        }
        unknown.append("body: body")
        let byCode = !error.codeCases.isEmpty
        var cases: [SwitchCase] = error.codeCases.map { codeCase in
            let code = switch codeCase.code {
            case .string(let text): SwiftName.stringLiteral(text)
            default: codeText(codeCase.code)
            }
            let payload: StatusCase.Payload = codeCase.payload.isEmpty ? .none : .values(codeCase.payload)
            return SwitchCase(pattern: "(_, \(code)?)", body: [assignment(codeCase.caseName.value, payload, keepsMessage: error.messagePath != nil)])
        }
        // Exact statuses match before ranges; `default` takes what is left when its payload decodes.
        let exact = error.statusCases.filter { !$0.status.carriesStatusCode }
        cases += (exact + error.statusCases.filter { $0.status.carriesStatusCode }).compactMap { statusCase in
            let status: String
            switch statusCase.status {
            case .code(let code): status = "\(code)"
            case .range(let digit): status = "\(digit * 100)...\(digit * 100 + 99)"
            case .other: return nil
            }
            var pattern = byCode ? "(\(status), _)" : status
            if let header = statusCase.header {
                pattern += " where response.headerFields.value(\(SwiftName.stringLiteral(header.name.value))) == \(SwiftName.stringLiteral(header.value))"
            }
            return SwitchCase(pattern: pattern, body: [assignment(statusCase.caseName.value, statusCase.payload, keepsMessage: error.messagePath != nil, status: statusCase.status, keepsBody: statusCase.keepsBody)])
        }
        let unknownCase = Statement.call(prefix: "self = .unknown", arguments: unknown, suffix: "")
        if let other = error.statusCases.first(where: { $0.status == .other }), case .body(let type) = other.payload {
            cases.append(SwitchCase(pattern: nil, body: [
                .block("guard let payload = try? decoder.decode(\(swiftType(type.unwrappingOptional)).self, from: body) else", [unknownCase, .line("return")]),
                assignment(other.caseName.value, other.payload, keepsMessage: error.messagePath != nil, status: .other, keepsBody: other.keepsBody),
            ]))
        } else {
            cases.append(SwitchCase(pattern: nil, body: [unknownCase]))
        }
        if cases.count == 1, let only = cases.first {
            // Nothing to tell apart: what `default` does is all there is.
            body += only.body
        } else {
            body.append(.switchOver(byCode ? "(response.status.code, code)" : "response.status.code", cases))
        }
        var parameters = [Function.Parameter(name: "response", type: "HTTPResponse"), Function.Parameter(name: "body", type: "Data")]
        if decodesPayloads(error) { parameters.append(Function.Parameter(name: "decoder", type: "JSONDecoder")) }
        return Function(access: access, name: "init", parameters: parameters, body: body)
    }
}

extension StatusCase.Status {
    /// Whether the case keeps the response's status: a range or `default` takes more than one.
    var carriesStatusCode: Bool {
        if case .code = self { false } else { true }
    }
}
