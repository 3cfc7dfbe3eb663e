import Foundation

/// Responses: what a strategy returns, the headers it reads, and the statuses its errors have.
extension OpenAPIImporter {
    /// The headers the first success response declares, which the strategy reads beside its
    /// output: text, or a number or Bool as their schema says.
    mutating func responseHeaders(_ operation: YAMLNode, pointer: JSONPointer) -> [FieldSpec] {
        let successes = (operation["responses"]?.members ?? []).filter { $0.key.hasPrefix("2") }.sorted { $0.key < $1.key }
        guard let (code, response) = successes.first else { return [] }
        let at = pointer.appending("responses").appending(code)
        guard let resolved = resolve(response, pointer: at) else { return [] }
        var fields: [FieldSpec] = []
        for (name, header) in resolved["headers"]?.members ?? [] {
            let headerAt = at.appending("headers").appending(name)
            guard Vocabulary.isHTTPToken(name) else {
                warn("response header '\(name)' is not a header name; it is left out", at: header.location, headerAt)
                continue
            }
            guard !fields.contains(where: { $0.name.value.lowercased() == name.lowercased() }), let header = resolve(header, pointer: headerAt) else { continue }
            let schema = header["schema"].flatMap { resolve($0, pointer: headerAt.appending("schema")) }
            let type: BuiltIn = switch (schema.flatMap(schemaType), schema?["format"]?.scalar) {
            case ("integer", "int32"): .int32
            case ("integer", "int64"): .int64
            case ("integer", _): .int
            case ("number", _): .double
            case ("boolean", _): .bool
            default: .string
            }
            // A header the document says every response has is read as such; any other may be missing.
            let required = header["required"]?.bool == true
            var field = FieldSpec(name: Named(name, at: header.location), type: required ? .builtIn(type) : .optional(.builtIn(type)), typeLocation: header.location)
            field.doc = header["description"]?.scalar.map(Self.markdown)
            // What a stub answers with, for a header every response has.
            if required { field.example = (header["example"] ?? schema?["example"])?.value }
            fields.append(field)
        }
        return uniqueMemberNames(fields)
    }

    /// What the first success response with a JSON body holds, and where in the body when the
    /// operation or the document says to unwrap it; `Data`, the body as it came, when the
    /// successes have bodies but none is JSON (an image, a PDF, text); `nil` for none.
    mutating func returns(_ operation: YAMLNode, owner: String, pointer: JSONPointer) -> (ReturnSpec?, Named?) {
        let responses = operation["responses"]?.members ?? []
        let successes = responses.filter { $0.key.hasPrefix("2") }.sorted { $0.key < $1.key }
        let ownUnwrap = operation[Self.unwrapExtension]
        let unwrapNode = ownUnwrap ?? root[Self.unwrapExtension]
        var raw: ReturnSpec?
        for (code, response) in successes {
            let at = pointer.appending("responses").appending(code)
            guard let resolved = resolve(response, pointer: at) else { continue }
            let content = resolved["content"]?.members ?? []
            if ["204", "205"].contains(code) {
                // HTTP gives these statuses no body, whatever the document says.
                if let media = resolved["content"], !content.isEmpty {
                    warn("a \(code) response has no body; the content the document gives it is left out", at: media.location, at.appending("content"))
                }
                continue
            }
            if let (_, body) = content.first(where: { Self.isJSON($0.key) }), body["schema"] == nil,
               body["example"] != nil || body["examples"] != nil {
                // JSON the document shows by example only: any JSON value, as the example has it.
                returnedExample = example(of: body, schema: body)
                return (.type(.builtIn(.json), body.location), nil)
            }
            guard let (media, body) = content.first(where: { Self.isJSON($0.key) }), var schema = body["schema"] else {
                // An image, a PDF, text: the body as it came, unless another success is JSON.
                if raw == nil, let other = content.first(where: { !Self.isJSON($0.key) }) {
                    raw = .type(.builtIn(.data), other.value.location)
                    // Text the document gives as the body answers in a stubbed client as it is.
                    if let example = example(of: other.value, schema: other.value["schema"] ?? other.value), case .string = example.0 {
                        returnedExample = example
                    }
                }
                continue
            }
            var schemaPointer = at.appending("content").appending(media).appending("schema")
            var unwrap: Named?
            if let unwrapNode, let path = unwrapNode.scalar, !path.isEmpty {
                if let (inner, innerPointer) = self.schema(at: path, in: schema, pointer: schemaPointer) {
                    (schema, schemaPointer, unwrap) = (inner, innerPointer, Named(path, at: unwrapNode.location))
                } else if ownUnwrap != nil {
                    warn("'\(Self.unwrapExtension)' names '\(path)', which is not a key path of the response's schema; the whole body is returned", at: unwrapNode.location, schemaPointer)
                }
            }
            if let type = type(of: schema, hint: owner + "Output", pointer: schemaPointer), !type.isOptional, type != .builtIn(.file) {
                returnedExample = example(of: body, schema: schema)
                return (.type(type, schema.location), unwrap)
            }
            warn("the response body has a type the spec format can't say yet; the strategy returns nothing", at: schema.location, schemaPointer)
            return (nil, nil)
        }
        return (raw, nil)
    }

    /// The cases of the API's error type, one per status the operations declare: exact
    /// statuses, then `4XX` and `5XX`, then `default` when the operations give it a payload
    /// (without one, `default` is what `unknown` already is). The case's payload is the body
    /// decoded as the type the operations give the status, or as a union of their types, tried
    /// in order; where they don't all give the same type (or some give none), the case also
    /// keeps the body as it came, so a body no type describes is never lost.
    mutating func statusCases(_ errorCases: [StatusCase.Status: (payloads: [TypeReference?], location: SourceLocation)]) -> [StatusCase] {
        // A model's shape, once each: a large API gives its statuses many bodies.
        let byName = Dictionary(models.map { ($0.name.value, $0) }, uniquingKeysWith: { first, _ in first })
        var shapes: [String: ModelSpec] = [:]
        func alikeKey(_ type: TypeReference) -> AnyHashable {
            guard case .named(let name) = type, let model = byName[name] else { return AnyHashable(type) }
            if let shape = shapes[name] { return AnyHashable(shape) }
            let shape = APISpec.shape(of: model)
            shapes[name] = shape
            return AnyHashable(shape)
        }
        return errorCases.keys.sorted { $0.order < $1.order }.compactMap { status in
            let entry = errorCases[status]!
            // Bodies written out alike in several operations are one type.
            var types: [TypeReference] = [], kept: Set<AnyHashable> = []
            for type in entry.payloads.compactMap({ $0 }) where kept.insert(alikeKey(type)).inserted {
                types.append(type)
            }
            let payload: StatusCase.Payload
            if types.isEmpty {
                payload = .none
            } else if types.count == 1 {
                payload = .body(types[0])
            } else {
                payload = .body(errorUnion(of: types, status: status, at: entry.location))
            }
            if status == .other, case .none = payload { return nil }
            var statusCase = StatusCase(status: status, caseName: Named(Self.caseName(for: status), at: entry.location), payload: payload)
            statusCase.keepsBody = types.count + (entry.payloads.contains(nil) ? 1 : 0) > 1
            return statusCase
        }
    }

    /// A union of the bodies operations give one error status (a validation error's body where
    /// one operation says so, a plain message where another does), tried in order.
    mutating func errorUnion(of types: [TypeReference], status: StatusCase.Status, at location: SourceLocation) -> TypeReference {
        let name = uniqueTypeName(SwiftIdentifier.type(Self.caseName(for: status), fallback: "Error") + "Body")
        var variants: [UnionVariant] = [], cases: Set<String> = []
        for type in types {
            let variant = UnionVariant(type: type, typeLocation: location, value: nil)
            if cases.insert(variant.caseName).inserted { variants.append(variant) }
        }
        let doc = "The bodies the operations give a \(status) response, tried in order."
        add(ModelSpec(name: Named(name, at: location), doc: doc, kind: .union(UnionSpec(discriminator: nil, variants: variants)), deprecated: nil))
        return .named(name)
    }

    /// Each error status an operation declares (`404`, `4XX`, `default`), with the type of its
    /// JSON body if it has one.
    mutating func errorResponses(_ operation: YAMLNode, pointer: JSONPointer) -> [(StatusCase.Status, TypeReference?, SourceLocation)] {
        (operation["responses"]?.members ?? []).compactMap { code, response in
            guard let status = SpecDecoder.status(code) else { return nil }
            switch status {
            case .code(let number): guard (400..<600).contains(number) else { return nil }
            case .range(let digit): guard digit == 4 || digit == 5 else { return nil }
            case .other: break
            }
            let at = pointer.appending("responses").appending(code)
            guard let resolved = resolve(response, pointer: at) else { return nil }
            let schema = (resolved["content"]?.members ?? []).first { Self.isJSON($0.key) }?.value["schema"]
            let hint = status == .other ? "ErrorBody" : "Error\(status)Body"
            let payload = schema.flatMap { type(of: $0, hint: hint, pointer: at) }
            return (status, payload.flatMap { $0.isOptional || $0 == .builtIn(.file) ? nil : $0 }, response.location)
        }
    }

    static func isJSON(_ mediaType: String) -> Bool {
        let type = self.mediaType(mediaType)
        return type == "application/json" || type.hasSuffix("+json") || type == "*/*"
    }

    /// A media type without its parameters, in lower case: `application/json; charset=utf-8` → `application/json`.
    static func mediaType(_ text: String) -> String {
        text.split(separator: ";").first.map { $0.trimmingCharacters(in: .whitespaces).lowercased() } ?? ""
    }

    static func caseName(for status: StatusCase.Status) -> String {
        switch status {
        case .code(let code): caseName(forStatus: code)
        case .range(4): "clientError"
        case .range(5): "serverError"
        case .range(let digit): "status\(digit)xx"
        case .other: "otherError"
        }
    }

    static func caseName(forStatus code: Int) -> String {
        let names = [
            400: "badRequest", 401: "unauthorized", 402: "paymentRequired", 403: "forbidden", 404: "notFound",
            405: "methodNotAllowed", 406: "notAcceptable", 408: "requestTimeout", 409: "conflict", 410: "gone",
            411: "lengthRequired", 412: "preconditionFailed", 413: "contentTooLarge", 415: "unsupportedMediaType",
            422: "unprocessableContent", 423: "locked", 428: "preconditionRequired", 429: "tooManyRequests",
            500: "internalServerError", 501: "notImplemented", 502: "badGateway", 503: "serviceUnavailable",
            504: "gatewayTimeout",
        ]
        return names[code] ?? "status\(code)"
    }

    /// The response body the document gives as an example of a media type: its `example`, its
    /// first `examples` entry's `value`, or the example of its schema; with its place.
    func example(of media: YAMLNode, schema: YAMLNode) -> (YAMLValue, SourceLocation)? {
        if let example = media["example"] { return (example.value, example.location) }
        for (_, entry) in media["examples"]?.members ?? [] {
            if let value = (lookUp(entry).node ?? entry)["value"] { return (value.value, value.location) }
        }
        if let example = (lookUp(schema).node ?? schema)["example"] { return (example.value, example.location) }
        return nil
    }
}
