extension SpecDecoder {
    func decodeErrors(_ node: YAMLNode) -> [ErrorSpec] {
        guard let entries = mapping(node, "'errors'", expecting: "a mapping of error type names to their cases") else { return [] }
        return entries.pairs.compactMap { pair in
            guard let name = identifier(pair.key, "an error type name") else { return nil }
            let what = "error type '\(name)'"
            guard let body = mapping(pair.value, what, expecting: "a mapping with 'status' or 'cases'") else { return nil }
            checkKeys(body, allowed: SpecKeys.error, in: what)
            var spec = ErrorSpec(name: name, codeCases: [], statusCases: [])
            spec.doc = body["doc"].flatMap { string($0, "the 'doc' of \(what)") }
            if let when = body["when"], let condition = mapping(when, "'when' of \(what)", expecting: "a mapping such as '{ bodyHasKey: error }'") {
                checkKeys(condition, allowed: SpecKeys.errorCondition, in: "'when' of \(what)")
                spec.bodyKey = condition["bodyHasKey"].flatMap { string($0, "'bodyHasKey'") }
            }
            spec.codePath = body["code"].flatMap { string($0, "'code' of \(what)") }
            spec.messagePath = body["message"].flatMap { string($0, "'message' of \(what)") }
            if let cases = body["cases"], let codes = mapping(cases, "'cases' of \(what)", expecting: "a mapping of case names to error codes, e.g. '{ invalidToken: 5 }'") {
                var seen: [YAMLValue: Named] = [:]
                spec.codeCases = codes.pairs.compactMap { pair in
                    guard let caseName = identifier(pair.key, "a case name"),
                          let (codeNode, payload) = codeCaseParts(pair.value, of: caseName) else { return nil }
                    switch codeNode.value {
                    case .int, .string:
                        if let first = seen[codeNode.value] {
                            diagnostics.error("case '\(caseName)' of \(what) has the code of case '\(first)'; each code may name one case", at: codeNode.location)
                            return nil
                        }
                        seen[codeNode.value] = caseName
                        return CodeCase(caseName: caseName, code: codeNode.value, payload: payload)
                    default:
                        diagnostics.error("the code of case '\(caseName)' must be a number or a string", at: codeNode.location)
                        return nil
                    }
                }
                if spec.codePath == nil, !body.has("include") {
                    diagnostics.error("\(what) maps error codes to cases but doesn't say where the code is; add e.g. 'code: error.code'", at: cases.location)
                }
            }
            spec.includes = body["include"].map { node in
                node.scalar != nil ? identifier(node, "an included error type").map { [$0] } ?? []
                    : (list(node, "'include' of \(what)") ?? []).compactMap { identifier($0, "an included error type") }
            } ?? []
            if let status = body["status"], let codes = mapping(status, "'status' of \(what)", expecting: "a mapping of status codes to case names, e.g. '{ 404: notFound }'") {
                var seen: [StatusCase.Status: String] = [:]
                spec.statusCases = codes.pairs.flatMap(decodeStatusCases).filter { statusCase in
                    guard statusCase.header == nil else { return true }
                    guard let first = seen[statusCase.status] else {
                        seen[statusCase.status] = statusCase.caseName.value
                        return true
                    }
                    diagnostics.error("status \(statusCase.status) of \(what) is already case '\(first)'; each status may name one case", at: statusCase.caseName.location)
                    return false
                }
            }
            return spec
        }
    }

    func decodeStatusCase(_ pair: (key: YAMLNode, value: YAMLNode)) -> StatusCase? {
        guard let text = pair.key.scalar, let statusCode = Self.status(text) else {
            diagnostics.error("'\(pair.key.scalar ?? pair.key.kindDescription)' is not an HTTP status code (100 to 599), a range such as '4XX' or 'default'", at: pair.key.location)
            return nil
        }
        if pair.value.scalar != nil {
            return identifier(pair.value, "a case name").map { StatusCase(status: statusCode, caseName: $0, payload: .none) }
        }
        guard let body = mapping(pair.value, "the case for \(statusCode)", expecting: "a case name, or '{ caseName: Type }'"),
              body.pairs.count == 1, let (key, value) = body.pairs.first.map({ ($0.key, $0.value) }) else {
            diagnostics.error("the case for \(statusCode) must be a name such as 'notFound', '{ notFound: ErrorBody }' or '{ notFound: { message: error.text } }'", at: pair.value.location)
            return nil
        }
        guard let caseName = identifier(key, "a case name") else { return nil }
        if value.scalar != nil {
            return typeReference(value, "the payload of '\(caseName)'").map { StatusCase(status: statusCode, caseName: caseName, payload: .body($0)) }
        }
        guard let values = mapping(value, "the payload of '\(caseName)'", expecting: "a type, or a mapping of names to key paths") else { return nil }
        return StatusCase(status: statusCode, caseName: caseName, payload: .values(bodyValues(values)))
    }

    /// `404`, `4XX` (any case of `X`) or `default`.
    static func status(_ text: String) -> StatusCase.Status? {
        if text == "default" { return .other }
        if text.count == 3, text.uppercased().hasSuffix("XX"), let digit = Int(text.prefix(1)), (1...5).contains(digit) { return .range(digit) }
        guard let code = Int(text), (100...599).contains(code) else { return nil }
        return .code(code)
    }

    /// `message: error.text`: names of strings read from the body at key paths.
    private func bodyValues(_ values: Mapping) -> [StatusCase.BodyValue] {
        values.pairs.compactMap { pair -> StatusCase.BodyValue? in
            guard let name = identifier(pair.key, "a value name"), let path = string(pair.value, "the key path of '\(name)'") else { return nil }
            return StatusCase.BodyValue(name: name.value, path: path)
        }
    }

    /// A code case's code, and what it keeps from the body: `5`, or
    /// `{ code: 14, payload: { captchaSid: error.captcha_sid } }`.
    private func codeCaseParts(_ node: YAMLNode, of caseName: Named) -> (YAMLNode, [StatusCase.BodyValue])? {
        guard case .mapping = node.kind else { return (node, []) }
        let what = "case '\(caseName)'"
        guard let body = mapping(node, what, expecting: "") else { return nil }
        checkKeys(body, allowed: SpecKeys.errorCase, in: what)
        guard let code = body.required("code", example: "code: 14", in: what, &diagnostics) else { return nil }
        let payload = body["payload"].flatMap { mapping($0, "the payload of \(what)", expecting: "a mapping of names to key paths, e.g. '{ captchaSid: error.captcha_sid }'") }
        return (code, payload.map(bodyValues) ?? [])
    }
}
