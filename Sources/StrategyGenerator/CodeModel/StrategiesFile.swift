import Foundation

extension CodeContext {
    /// `NAME.Strategies.swift`: a `Strategy` struct per endpoint.
    func strategiesFile() -> SwiftFile {
        file("Strategies", imports: ["Foundation", "StrategyKit"], resolved.strategies.map { .type(strategy($0)) })
    }

    /// The strategy's doc comment: its own text, then its method and path.
    func strategyDocs(_ strategy: ResolvedStrategy) -> [String] {
        let docs = docLines(strategy.doc)
        let server = strategy.server.map(serverDescription) ?? ""
        return docs + (docs.isEmpty ? [] : [""]) + ["`\(strategy.method) \(server)\(strategy.path.value)`"]
    }

    /// The doc comment of the client's method for a strategy: the strategy's own text, or its
    /// method and path when it has none; the strategy's type documents both.
    func methodDocs(_ strategy: ResolvedStrategy) -> [String] {
        let docs = docLines(strategy.doc)
        return docs.isEmpty ? ["`\(strategy.method) \(strategy.path.value)`"] : docs
    }

    /// The first paragraph of a strategy's docs: what a method that takes its whole input says.
    func summaryDocs(_ strategy: ResolvedStrategy) -> [String] {
        Array(methodDocs(strategy).prefix { !$0.isEmpty })
    }

    /// `- Parameters:` with the first paragraph of each input's description, for the inputs
    /// that have one; `- Parameter name:` for one; nothing when none has a description.
    func parameterDocs(_ fields: [FieldSpec]) -> [String] {
        let documented: [(name: String, text: String)] = fields.compactMap { field in
            let paragraph = docLines(field.doc).prefix { !$0.isEmpty }.joined(separator: " ")
            return paragraph.isEmpty ? nil : (memberName(field), paragraph)
        }
        guard !documented.isEmpty else { return [] }
        if fields.count == 1 { return ["", "- Parameter \(documented[0].name): \(documented[0].text)"] }
        return ["", "- Parameters:"] + documented.map { "  - \($0.name): \($0.text)" }
    }

    /// What a caller supplies: path, query, header and cookie parameters, then the body's fields.
    func inputFields(_ strategy: ResolvedStrategy) -> [FieldSpec] {
        var fields = strategy.pathParameters + strategy.query + strategy.headers + strategy.cookies
        switch strategy.body {
        case .json(let type, let location)?:
            let body = FieldSpec(name: Named("body", at: location), type: type, typeLocation: location)
            fields.append(strategy.deprecation == nil ? body.marked(holding: resolved.deprecatedModels) : body)
        case .raw(let contentType)?:
            fields.append(FieldSpec(name: Named("body", at: strategy.path.location), type: .builtIn(.data), typeLocation: strategy.path.location))
            if let range = Self.mediaRange(contentType) {
                // A range (`image/*`) names no type a request can say: the caller names it.
                var field = FieldSpec(name: Named("Content-Type", at: strategy.path.location), type: .builtIn(.string), typeLocation: strategy.path.location)
                field.swiftName = "contentType"
                field.doc = range == "*/*" ? "The media type of the body." : "The media type of the body, one of `\(range)`."
                if range == "*/*" { field.defaultValue = .string("application/octet-stream") }
                field.example = .string(Self.sampleMediaType(in: range))
                fields.append(field)
            }
        case .jsonFields(let bodyFields)?, .form(let bodyFields)?, .multipart(let bodyFields)?:
            fields += bodyFields
        case nil:
            break
        }
        return fields
    }

    /// The media range a raw body's content type is (`image/*`, `*/*`), which names no type a
    /// request can be sent as; `nil` for a media type.
    static func mediaRange(_ contentType: String) -> String? {
        let type = contentType.split(separator: ";").first.map { $0.trimmingCharacters(in: .whitespaces) } ?? contentType
        return type.hasSuffix("/*") ? type : nil
    }

    /// A media type in `range`, for samples: `image/*` → `image/png`.
    static func sampleMediaType(in range: String) -> String {
        let known = ["image": "image/png", "audio": "audio/mpeg", "video": "video/mp4", "text": "text/plain"]
        return known[String(range.dropLast(2)).lowercased()] ?? "application/octet-stream"
    }

    /// The type of the JSON body when it is all a strategy sends: then it is the strategy's
    /// `Input` itself, as a create endpoint's input is the new resource.
    func bodyAsInput(_ strategy: ResolvedStrategy) -> TypeReference? {
        guard case .json(let type, _)? = strategy.body, !type.isOptional, inputFields(strategy).count == 1 else { return nil }
        return type
    }

    /// `opening`, the input of `strategy` built from `values` (a Swift expression per input
    /// field), then `)`: `send(GetUser(), GetUser.Input(id: id))`, or `send(AddPet(), body)`
    /// when the body is the input.
    func passingInput(_ strategy: ResolvedStrategy, _ values: [String], of fields: [FieldSpec]? = nil, after opening: String) -> Expression {
        if bodyAsInput(strategy) != nil, let body = values.first { return .code("\(opening)\(body))") }
        let arguments = zip(fields ?? inputFields(strategy), values).map { Expression.code("\(SwiftName.argumentLabel(memberName($0))): \($1)") }
        return .call(prefix: "\(opening)\(SwiftName.escaped(strategy.name.value)).Input", arguments: arguments, suffix: ")")
    }

    /// The Swift type of the strategy's output: with the response headers it reads, if any.
    func outputType(_ strategy: ResolvedStrategy) -> String? {
        let name = SwiftName.escaped(strategy.name.value)
        let body: String? = switch strategy.returns {
        case .type(let type, _)?: swiftType(type)
        case .fields?: "\(name).Output"
        // A stream's whole body, when it is called rather than streamed.
        case nil: strategy.stream == nil ? nil : "Data"
        }
        guard !strategy.responseHeaders.isEmpty else { return body }
        return body.map { "WithHeaders<\($0), \(name).Headers>" } ?? "\(name).Headers"
    }

    private func strategy(_ strategy: ResolvedStrategy) -> TypeDeclaration {
        let inputs = inputFields(strategy)
        var members: [Declaration] = []
        switch strategy.returns {
        case .type(let type, _)? where !strategy.responseHeaders.isEmpty:
            members.append(.typeAlias(docs: [], access: access, name: "Output", type: "WithHeaders<\(swiftType(type)), Headers>"))
        case .type(let type, _)?:
            members.append(.typeAlias(docs: [], access: access, name: "Output", type: swiftType(type)))
        case .fields?:
            break
        case nil:
            let output = strategy.stream != nil ? "Data" : strategy.responseHeaders.isEmpty ? "Void" : "Headers"
            members.append(.typeAlias(docs: [], access: access, name: "Output", type: output))
        }
        if let errorType = strategy.errorType {
            members.append(.typeAlias(docs: [], access: access, name: "Failure", type: SwiftName.escaped(errorType.name.value)))
        }
        if case .fields(let fields)? = strategy.returns {
            members.append(.type(objectModel(name: "Output", fields: fields, access: access, use: .decoded, docs: ["What `\(strategy.name.value)` returns."])))
        }
        if let body = bodyAsInput(strategy) {
            members.append(.typeAlias(docs: [], access: access, name: "Input", type: swiftType(body)))
        } else if !inputs.isEmpty {
            members.append(.type(TypeDeclaration(
                access: access, kind: .struct, name: "Input",
                inherits: ["Sendable"],
                members: storedProperties(inputs, access: access)
            )))
        }
        if !strategy.responseHeaders.isEmpty {
            members.append(.type(responseHeadersType(strategy)))
        }
        members.append(.function(Function(access: access, name: "init", body: [])))
        members += overrides(strategy)
        members += paginationMembers(strategy)
        members += streamMembers(strategy)
        members.append(.function(Function(
            // It reads what only deprecated code may name, and is called only through `Strategy`.
            attributes: inputs.contains(where: hidesDeprecatedType) ? deprecatedAttribute(Deprecation(message: nil)) : [],
            access: access,
            name: "endpoint",
            parameters: [Function.Parameter(label: "for", name: "input", type: inputs.isEmpty ? "Void" : "Input")],
            isThrowing: strategy.body?.isJSON == true || hasJSONParts(strategy),
            returnType: "Endpoint",
            body: endpointStatements(strategy)
        )))
        if let output = outputWithHeaders(strategy) { members.append(.function(output)) }
        if let output = datesOutput(strategy) { members.append(.function(output)) }
        return TypeDeclaration(
            docs: strategyDocs(strategy),
            attributes: deprecatedAttribute(strategy.deprecation),
            access: access,
            kind: .struct,
            name: SwiftName.escaped(strategy.name.value),
            inherits: [strategy.stream != nil ? "StreamingStrategy" : strategy.paging == nil ? "Strategy" : "PaginatedStrategy"],
            members: members
        )
    }

    /// The protocol requirements a strategy sets differently from the defaults.
    private func overrides(_ strategy: ResolvedStrategy) -> [Declaration] {
        var members: [Declaration] = []
        func computed(_ name: String, _ type: String, _ value: String) {
            members.append(.property(Property(access: access, name: name, type: type, getter: [.line(value)])))
        }
        if let unwrap = strategy.unwrap {
            computed("outputPath", "String?", SwiftName.stringLiteral(unwrap.value))
        }
        if let server = strategy.server {
            computed("server", "Server?", serverExpression(server))
        }
        let bodyKey = strategy.errorType?.bodyKey
        if let range = strategy.successStatus {
            var check = range.count == 1 ? ".statusCode(\(range.lowerBound))" : ".statusCodes(\(range.lowerBound)..<\(range.upperBound + 1))"
            if let bodyKey { check += ".and(.bodyLacksKey(\(SwiftName.stringLiteral(bodyKey))))" }
            computed("successCheck", "SuccessCheck", check)
        }
        let excluded = excludedMiddlewares(strategy)
        if !excluded.isEmpty {
            computed("middlewareFilter", "Middleware.Filter", ".excluding([\(excluded.map(SwiftName.stringLiteral).joined(separator: ", "))])")
        }
        return members
    }

    /// The middleware an auth scheme runs as.
    func authMiddlewareName(_ scheme: String) -> String {
        "auth.\(scheme)"
    }

    /// The middleware that authenticates the first of several ways a strategy takes: ways
    /// apart by `|`, the schemes of one way by `+` (`auth.key+appId|bearer`), `none` for a way
    /// without credentials.
    func authMiddlewareName(_ ways: [[AuthSchemeSpec]]) -> String {
        authMiddlewareName(ways.map { $0.isEmpty ? "none" : $0.map(\.name.value).joined(separator: "+") }.joined(separator: "|"))
    }

    /// The ways to authenticate that strategies taking any of several take, each once, in the
    /// order strategies first take them.
    var authAlternatives: [[[AuthSchemeSpec]]] {
        var seen: [[[AuthSchemeSpec]]] = []
        for strategy in resolved.strategies {
            if let ways = strategy.authAlternatives, !seen.contains(ways) { seen.append(ways) }
        }
        return seen
    }

    /// Every auth middleware but the strategy's own, and what it skips by name.
    private func excludedMiddlewares(_ strategy: ResolvedStrategy) -> [String] {
        let own = strategy.authAlternatives.map(authMiddlewareName) ?? strategy.authScheme.map { authMiddlewareName($0.name.value) }
        let all = spec.authSchemes.map { authMiddlewareName($0.name.value) } + authAlternatives.map(authMiddlewareName)
        return all.filter { $0 != own } + strategy.excludedMiddlewares
    }

    /// `Endpoint(.get, "/users/\(input.id)", query: [...], ...)`, after the statements that
    /// write a JSON body from the input's fields, or that gather a multipart body's parts when a
    /// list sends a part per element.
    private func endpointStatements(_ strategy: ResolvedStrategy) -> [Statement] {
        if case .jsonFields(let fields)? = strategy.body {
            let lines = encodingLines(fields, into: "object", from: "input")
            let body: Statement = lines.isEmpty
                ? .line("let body = try RequestBody.jsonObject { _ in }")
                : .closure(prefix: "let body = try RequestBody.jsonObject", parameters: "object", body: lines)
            return [body, endpointExpression(strategy, prefix: "return Endpoint", jsonBody: "body")]
        }
        guard case .multipart(let fields)? = strategy.body, fields.contains(where: isList) else {
            return [endpointExpression(strategy, prefix: "Endpoint")]
        }
        let singles = fields.filter { !isList($0) }.map { Expression.code(multipartPart($0)) }
        var statements: [Statement] = [.expression(.array(prefix: "var parts: [RequestBody.Part?] = ", elements: singles, suffix: ""))]
        for field in fields where isList(field) {
            let value = "input.\(storedValue(field))"
            let list = field.type.isOptional ? "(\(value) ?? [])" : value
            let name = SwiftName.stringLiteral(field.name.value)
            if isJSONPart(field) {
                statements.append(.line("parts += try \(list).map { try .value(\(name), $0)\(declaredType(field)) }"))
                continue
            }
            let kind = field.type.unwrappingOptional == .array(.builtIn(.file)) ? "file" : "field"
            statements.append(.line("parts += \(list).map { .\(kind)(\(name), \(partValue(field, "$0")))\(declaredType(field)) }"))
        }
        return statements + [endpointExpression(strategy, prefix: "return Endpoint", multipartParts: "parts")]
    }

    /// Whether a multipart field (or each element of a list) is sent as JSON: an object, a map,
    /// a union or free-form JSON, anything but a file or a single value.
    private func isJSONPart(_ field: FieldSpec) -> Bool {
        var type = field.type.unwrappingOptional
        if case .array(let element) = type { type = element }
        return switch type {
        case .builtIn(let type): type != .file && type != .date && !type.isScalar
        case .named(let name): types.enumeration(name) == nil
        case .optional, .array, .dictionary: true
        }
    }

    /// Whether building a strategy's multipart body encodes JSON parts (and so may throw).
    private func hasJSONParts(_ strategy: ResolvedStrategy) -> Bool {
        guard case .multipart(let fields)? = strategy.body else { return false }
        return fields.contains(where: isJSONPart)
    }

    /// Whether a multipart field is a list, sent as a part per element under the field's name.
    private func isList(_ field: FieldSpec) -> Bool {
        if case .array = field.type.unwrappingOptional { true } else { false }
    }

    private func endpointExpression(_ strategy: ResolvedStrategy, prefix: String, jsonBody: String? = nil, multipartParts: String? = nil) -> Statement {
        var arguments: [Expression] = [.code(methodExpression(strategy.method))]
        if let url = strategy.urlParameter {
            arguments.append(.code("url: input.\(storedValue(url))"))
        } else {
            arguments.append(.code(pathExpression(strategy)))
        }
        func items(_ prefix: String, _ fields: [FieldSpec], constants: [ConstantParameter] = [], in place: ParameterLocation, _ suffix: String = "") -> Expression {
            let entries = fields.map { DictionaryEntry(SwiftName.stringLiteral($0.name.value), .code(parameterValue($0, in: place))) }
                + constants.map { DictionaryEntry(SwiftName.stringLiteral($0.name.value), .code(SwiftName.stringLiteral($0.value))) }
            return .dictionary(prefix: prefix, entries: entries, suffix: suffix)
        }
        if !strategy.query.isEmpty || !strategy.constantQuery.isEmpty {
            arguments.append(items("query: ", strategy.query, constants: strategy.constantQuery, in: .query))
            if let encoding = queryEncoding(strategy.query) { arguments.append(.code("queryEncoding: \(encoding)")) }
        }
        if !strategy.headers.isEmpty || !strategy.constantHeaders.isEmpty {
            arguments.append(items("headers: ", strategy.headers, constants: strategy.constantHeaders, in: .header))
        }
        if !strategy.cookies.isEmpty || !strategy.constantCookies.isEmpty {
            arguments.append(items("cookies: ", strategy.cookies, constants: strategy.constantCookies, in: .cookie))
        }
        switch strategy.body {
        case .json(let type, _)? where type.isOptional:
            // An optional body is sent only when there is one.
            arguments.append(.code("body: try input.body.map { try .json($0) }"))
        case .json?:
            let value = bodyAsInput(strategy) == nil ? "input.body" : "input"
            arguments.append(.code("body: \(flaggedBody(strategy, value) ?? "try .json(\(value))")"))
        case .raw(let contentType)?:
            let type = Self.mediaRange(contentType) == nil ? SwiftName.stringLiteral(contentType) : "input.contentType"
            arguments.append(.code("body: .data(input.body, contentType: \(type))"))
        case .jsonFields?:
            arguments.append(.code("body: \(jsonBody ?? "body")"))
        case .form(let fields)?:
            arguments.append(items("body: .form(", fields, in: .form, (queryEncoding(fields).map { ", encoding: \($0)" } ?? "") + ")"))
        case .multipart(let fields)?:
            arguments.append(.code("body: .multipart(\(multipartParts ?? "[\(fields.map(multipartPart).joined(separator: ", "))]"))"))
        case nil:
            break
        }
        if let timeout = strategy.timeout ?? spec.defaults.timeout {
            arguments.append(.code("timeout: \(number(timeout))"))
        }
        if let retry = strategy.retry {
            arguments.append(retryExpression(retry, prefix: "retry: "))
        }
        if let connectTimeout = strategy.connectTimeout ?? spec.defaults.connectTimeout {
            arguments.append(.code("connectTimeout: \(number(connectTimeout))"))
        }
        if let bytes = strategy.maxResponseBytes ?? spec.defaults.maxResponseBytes {
            arguments.append(.code("maximumResponseBytes: \(byteCount(bytes))"))
        }
        return .expression(.call(prefix: prefix, arguments: arguments, suffix: ""))
    }

    /// `input.since`, written in the field's own date format when it has one, and a `Bool` as
    /// its format says where the writing (a query encoding in the query or a form, else
    /// `true`/`false`) wouldn't; a list, an object or a map in its style.
    private func parameterValue(_ field: FieldSpec, in place: ParameterLocation) -> String {
        let encoded = place == .query || place == .form
        let value = "input.\(storedValue(field))"
        switch field.jsonText {
        case .eachElement?: return "JSONText(\(value))"
        case .whole? where !encoded && field.type.isOptional: return "\(value).map { JSONText(whole: $0) }"
        case .whole?: return "JSONText(whole: \(value))"
        case nil: break
        }
        if let styled = styledValue(field, in: place, value) { return styled }
        if types.needsDeepObjectEncoder(field.type) { return "DeepObject(\(value))" }
        if encoded, let style = field.arrayStyle, style != spec.defaults.arrayStyle ?? "repeated" {
            let inner = booleanText(field, value, encoded: encoded) ?? value
            return "ArrayStyled(\(inner), .\(style))"
        }
        if let written = booleanText(field, value, encoded: encoded) { return written }
        // A query or form encoding writes dates in the spec's format; a header, in the field's.
        guard let format = field.dateFormat ?? (encoded ? nil : dateFormat(field)) else { return value }
        let write = "DateFormat\(dateFormatExpression(format)).string(from:)"
        return switch field.type {
        case .builtIn(.date): "\(write.dropLast(2)): \(value))"
        case .optional(.builtIn(.date)), .array(.builtIn(.date)): "\(value).map(\(write))"
        case .optional(.array(.builtIn(.date))): "\(value).map { $0.map(\(write)) }"
        default: value
        }
    }

    /// `Styled(input.color, .matrix("color"), explode: true)`, for a parameter with a `style`
    /// or a list, an object or a map in a path, a header or a cookie; `nil` for the rest. An
    /// optional header or cookie is styled only when it has a value, so `nil` sends nothing.
    private func styledValue(_ field: FieldSpec, in place: ParameterLocation, _ value: String) -> String? {
        // A form field is written as a query item is: styled only when it says so.
        let encoded = place == .query || place == .form
        guard field.style != nil || !encoded && types.isStyledValue(field.type) else { return nil }
        let style = field.style ?? ParameterStyle.standard(in: place)
        var arguments = [style == .matrix ? ".matrix(\(SwiftName.stringLiteral(field.name.value)))" : ".\(style.rawValue)"]
        if field.explode ?? style.explodesByDefault { arguments.append("explode: true") }
        if !encoded, field.type.mentions(.date), dateFormat(field) != .iso8601 {
            arguments.append("encoding: QueryEncoding(dates: \(dateFormatExpression(dateFormat(field))))")
        }
        if !encoded && place != .path && field.type.isOptional {
            return "\(value).map { Styled($0, \(arguments.joined(separator: ", "))) }"
        }
        return "Styled(\(([value] + arguments).joined(separator: ", ")))"
    }

    /// `input.flag ? "1" : "0"` for a `Bool` written otherwise than `true`/`false` (or, when
    /// `encoded`, than the spec's default query encoding writes it); `nil` when no such change.
    private func booleanText(_ field: FieldSpec, _ value: String, encoded: Bool) -> String? {
        guard field.type.mentions(.bool) else { return nil }
        let wanted = field.booleanFormat ?? spec.defaults.booleanFormat ?? .words
        let written: BooleanFormat = encoded ? spec.defaults.booleanFormat ?? .words : .words
        guard wanted != written else { return nil }
        let text = wanted == .digits ? #"$0 ? "1" : "0""# : #"$0 ? "true" : "false""#
        return switch field.type {
        case .builtIn(.bool): text.replacingOccurrences(of: "$0", with: value)
        case .optional(.builtIn(.bool)), .array(.builtIn(.bool)): "\(value).map { \(text) }"
        case .optional(.array(.builtIn(.bool))): "\(value)?.map { \(text) }"
        default: nil
        }
    }

    private func multipartPart(_ field: FieldSpec) -> String {
        let name = SwiftName.stringLiteral(field.name.value)
        let value = "input.\(storedValue(field))"
        let declared = declaredType(field)
        if isJSONPart(field) {
            // An object is JSON; a union's single value is text, as any single value.
            return field.type.isOptional ? "try \(value).map { try .value(\(name), $0)\(declared) }" : "try .value(\(name), \(value))\(declared)"
        }
        let kind = field.type.unwrappingOptional == .builtIn(.file) ? "file" : "field"
        return field.type.isOptional
            ? "\(value).map { .\(kind)(\(name), \(partValue(field, "$0")))\(declared) }"
            : ".\(kind)(\(name), \(partValue(field, value)))\(declared)"
    }

    /// `.declaring("image/png")`: the media type the document's `encoding` gives a part, which
    /// a file sends unless it names its own.
    private func declaredType(_ field: FieldSpec) -> String {
        field.partContentType.map { ".declaring(\(SwiftName.stringLiteral($0)))" } ?? ""
    }

    /// One value of a multipart field as its part holds it: a date in its format, a `Bool` as its
    /// format says, anything else as it is.
    private func partValue(_ field: FieldSpec, _ value: String) -> String {
        var element = field.type.unwrappingOptional
        if case .array(let inner) = element { element = inner }
        if element == .builtIn(.date) { return "DateFormat\(dateFormatExpression(dateFormat(field))).string(from: \(value))" }
        var single = field
        single.type = element
        return booleanText(single, value, encoded: false) ?? value
    }

    /// The query encoding the spec's defaults ask for, where `fields` need it; `nil` for the runtime's.
    private func queryEncoding(_ fields: [FieldSpec]) -> String? {
        var arguments: [String] = []
        let hasArrays = fields.contains { field in
            if case .array = field.type.unwrappingOptional { true } else { types.needsDeepObjectEncoder(field.type) }
        }
        // In the order of `QueryEncoding`'s initializer: arrays, bools, dates.
        if hasArrays, let style = spec.defaults.arrayStyle, style != "repeated" { arguments.append("arrays: .\(style)") }
        let hasBooleans = fields.contains { $0.type.mentions(.bool) }
        if hasBooleans, spec.defaults.booleanFormat == .digits { arguments.append("bools: .digit") }
        let hasDates = fields.contains { $0.type.mentions(.date) }
        if hasDates, let format = spec.defaults.dateFormat, format != .iso8601 { arguments.append("dates: \(dateFormatExpression(format))") }
        return arguments.isEmpty ? nil : "QueryEncoding(\(arguments.joined(separator: ", ")))"
    }

    /// `prefix` and the retry policy: `.never`, or `RetryPolicy(...)`.
    func retryExpression(_ retry: RetrySpec, prefix: String) -> Expression {
        if retry.maxRetries == 0 { return .code(prefix + ".never") }
        var arguments = ["maxRetries: \(retry.maxRetries)"]
        if let delay = retry.baseDelay { arguments.append("baseDelay: .milliseconds(\(Int((delay * 1000).rounded())))") }
        if !retry.methods.isEmpty {
            let methods = ["GET", "HEAD", "OPTIONS", "PUT", "DELETE"] + retry.methods.filter { !["GET", "HEAD", "OPTIONS", "PUT", "DELETE"].contains($0) }
            arguments.append("retryableMethods: [\(methods.map { ".\($0.lowercased())" }.joined(separator: ", "))]")
        }
        if let header = retry.idempotencyKeyHeader { arguments.append("idempotencyKeyHeader: \(SwiftName.stringLiteral(header))") }
        return .call(prefix: prefix + "RetryPolicy", arguments: arguments.map(Expression.code), suffix: "")
    }

    func number(_ value: Double) -> String {
        value == value.rounded() ? String(Int(value)) : String(value)
    }

    /// `10 * 1024 * 1024` for a whole number of MiB or GiB, `512 * 1024` for KiB, else the
    /// digits grouped by thousands: `1_500_000`.
    func byteCount(_ bytes: Int) -> String {
        for (factor, power) in [("1024 * 1024 * 1024", 1 << 30), ("1024 * 1024", 1 << 20), ("1024", 1 << 10)]
        where bytes > power && bytes % power == 0 {
            return "\(bytes / power) * \(factor)"
        }
        let digits = Array(String(bytes))
        return stride(from: digits.count, to: 0, by: -3).reversed().map { end in
            String(digits[max(0, end - 3)..<end])
        }.joined(separator: "_")
    }

    private func methodExpression(_ method: String) -> String {
        SpecKeys.methods.contains(method) ? ".\(method.lowercased())" : "HTTPRequest.Method(\(SwiftName.stringLiteral(method)))!"
    }

    /// A `RequestPath` literal: literal parts percent-encoded now, but for the percent-escapes the
    /// spec writes itself (`/%41` goes out as `/%41`; validation rejects any other `%`), each
    /// placeholder interpolated so the runtime encodes its value as one segment.
    private func pathExpression(_ strategy: ResolvedStrategy) -> String {
        var literal = ""
        var allowed = CharacterSet.urlPathAllowed
        allowed.insert("%")
        for part in strategy.pathParts {
            switch part {
            case .literal(let text):
                let encoded = text.addingPercentEncoding(withAllowedCharacters: allowed) ?? text
                literal += SwiftName.stringLiteralContents(encoded)
            case .parameter(let parameter):
                let value = "input.\(SwiftName.escaped(storageName(parameter)))"
                if let styled = styledValue(parameter, in: .path, value) {
                    literal += "\\(\(styled))"
                    continue
                }
                let text = parameter.type == .builtIn(.date)
                    ? "DateFormat\(dateFormatExpression(dateFormat(parameter))).string(from: \(value))"
                    : booleanText(parameter, value, encoded: false) ?? value
                literal += parameter.keepsSlashes ? "\\(segments: \(text))" : "\\(\(text))"
            }
        }
        return "\"\(literal)\""
    }
}

extension BodySpec {
    /// Whether building the body encodes JSON (and so may throw).
    var isJSON: Bool {
        switch self {
        case .json, .jsonFields: true
        case .form, .multipart, .raw: false
        }
    }
}
