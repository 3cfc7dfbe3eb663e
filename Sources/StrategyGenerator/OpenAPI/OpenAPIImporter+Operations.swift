import Foundation

/// Operations: their parameters and request bodies become a strategy's inputs.
extension OpenAPIImporter {
    mutating func importOperation(_ operation: YAMLNode, method: String, path: String, shared: [YAMLNode], pointer: JSONPointer, location: SourceLocation) -> StrategySpec? {
        let id = Self.methodCased(operation["operationId"]?.scalar ?? (method + " " + path))
        let base = operationNames[pointer.description] ?? SwiftIdentifier.type(id, fallback: "Operation")
        let name = Named(uniqueTypeName(base, clashSuffix: "Operation"), at: (operation["operationId"] ?? operation).location)
        note(name.location, pointer)
        let (template, fixedQuery) = Self.splitQuery(of: path, at: location)
        var strategy = StrategySpec(
            name: name, doc: Self.doc(summary: operation["summary"]?.scalar, description: operation["description"]?.scalar), method: method.uppercased(),
            path: Named(template, at: location), pathParameters: [], query: [], headers: [], body: nil, returns: nil, unwrap: nil,
            errorType: nil, successStatus: nil, auth: .inherited, timeout: nil, retry: nil, excludedMiddlewares: [],
            example: nil, deprecated: operation["deprecated"]?.bool == true ? Deprecation(message: nil) : nil, signsIn: nil
        )
        let own = operation["parameters"]?.items ?? []
        var seen: Set<String> = []
        let parameters = (own.enumerated().map { (pointer.appending("parameters").appending($0.offset), $0.element) }
            + shared.enumerated().map { (JSONPointer().appending("paths").appending(path).appending("parameters").appending($0.offset), $0.element) })
        for (at, node) in parameters {
            guard let parameter = resolve(node, pointer: at), let wireName = parameter["name"]?.scalar, let written = parameter["in"]?.scalar else { continue }
            guard seen.insert(written + " " + wireName).inserted else { continue }
            // Another place (`body`, a misspelling) is read as the others are, and left out at the end.
            let place = ParameterLocation(rawValue: written)
            // OpenAPI leaves these to the content and security the document declares; an
            // `Accept` it declares anyway (a speech API's caption formats) is the caller's choice.
            if place == .header, ["content-type", "authorization"].contains(wireName.lowercased()),
               !keepsAuthorizationHeader(parameter, of: operation, at: at) { continue }
            let required = place == .path || parameter["required"]?.bool == true
            if place == .cookie, !Vocabulary.isHTTPToken(wireName) {
                guard !required else {
                    warn("cookie '\(wireName)' has a name a cookie can't have; the operation is left out", at: parameter.location, at)
                    return nil
                }
                warn("cookie '\(wireName)' has a name a cookie can't have; it is left out", at: parameter.location, at)
                continue
            }
            // A query or header parameter whose `content` is JSON is its value's JSON text.
            let json = parameter["schema"] == nil && (place == .query || place == .header)
                ? parameter["content"]?.members.first.flatMap { type, media in Self.isJSON(type) ? media["schema"].map { (schema: $0, type: type) } : nil }
                : nil
            let schemaPointer = json.map { at.appending("content").appending($0.type).appending("schema") } ?? at.appending("schema")
            let schema = json?.schema ?? parameter["schema"] ?? parameter
            if let constant = constantValue(resolve(schema, pointer: at.appending("schema")) ?? schema), required,
               place == .query || place == .header || place == .cookie && Vocabulary.isCookieValue(constant) {
                // A value the operation always sends is not an input.
                let parameter = ConstantParameter(name: Named(wireName, at: parameter.location), value: constant)
                switch place {
                case .query?: strategy.constantQuery.append(parameter)
                case .header?: strategy.constantHeaders.append(parameter)
                default: strategy.constantCookies.append(parameter)
                }
                continue
            }
            let modelCount = models.count
            let declaredStyle = parameter["style"]?.scalar
            let style = declaredStyle.flatMap(ParameterStyle.init(rawValue:)).flatMap { (place.map(ParameterStyle.allowed(in:)) ?? []).contains($0) ? $0 : nil }
            var found = type(of: schema, hint: name.value + SwiftIdentifier.type(wireName, fallback: "Value"), pointer: schemaPointer).map(textWhenUntyped)
            var unionNote: String?
            if json == nil, let union = found.flatMap(scalarUnionAsText) {
                // `oneOf: [integer, string]`: every member is written as text, so the caller
                // writes the text.
                discardModels(from: modelCount)
                (found, unionNote) = union
            }
            guard var type = found,
                  json != nil
                    || isParameterType(type, arrays: place == .query) && (place != .cookie || isCookieType(type))
                    || declaredStyle != "deepObject" && isStyledType(type)
                    || place == .query && declaredStyle == "deepObject" && isNestedValue(type) else {
                discardModels(from: modelCount)
                if required {
                    warn("parameter '\(wireName)' has a type the spec format can't send yet; the operation is left out", at: parameter.location, at)
                    return nil
                }
                warn("parameter '\(wireName)' has a type the spec format can't send yet; it is left out", at: parameter.location, at)
                continue
            }
            var arrayStyle: String?
            let standardStyle = place.map(ParameterStyle.standard(in:)) ?? .simple
            let explode = parameter["explode"]?.bool ?? (style ?? standardStyle).explodesByDefault
            var fieldStyle: ParameterStyle?
            if json != nil {
                // Its text says it all: no style applies.
            } else if place == .query, case .array = type, declaredStyle == "deepObject" {
                // `expand[]=a&expand[]=b`, as deepObject lists are sent.
                arrayStyle = "brackets"
            } else if place == .query, case .array = type, style ?? .form == .form {
                // `form` (the default) repeats the name when exploded (the default) and
                // separates with commas when not.
                arrayStyle = explode ? nil : "commaSeparated"
            } else if place == .query, case .array = type, explode {
                // An exploded delimited list repeats the name, as `form` does.
                arrayStyle = nil
            } else if place == .query {
                // An object or a map: its fields as items of their own when exploded (the
                // default), unless it is a deep object (`stars[min]=4`).
                if isStyledType(type), declaredStyle != "deepObject" { fieldStyle = style ?? .form }
            } else if isStyledType(type) || style == .label || style == .matrix {
                fieldStyle = style ?? standardStyle
            }
            if !required { type = .optional(type) }
            var field = FieldSpec(name: Named(wireName, at: parameter.location), type: type, typeLocation: schema.location)
            note(parameter.location, at)
            field.arrayStyle = arrayStyle
            if json != nil { field.jsonText = .whole }
            if let fieldStyle {
                // Outside the query a place's own style is what the spec format writes anyway.
                field.style = place != .query && fieldStyle == standardStyle ? nil : fieldStyle
                field.explode = explode == fieldStyle.explodesByDefault ? nil : explode
            }
            field.doc = [parameter["description"]?.scalar.map(Self.markdown), unionNote].compactMap { $0 }.joined(separator: "\n\n")
            if field.doc?.isEmpty == true { field.doc = nil }
            field.dateFormat = type.mentions(.date) ? dateFormat(resolve(schema, pointer: at) ?? schema) : nil
            if parameter["deprecated"]?.bool == true { field.deprecated = Deprecation(message: nil) }
            (field.example, field.sampleHint) = (parameterExample(parameter, schema: schema), sampleHint(schema))
            if place != .path, !required, let value = (resolve(schema, pointer: at) ?? schema)["default"], fits(value.value, type.unwrappingOptional) {
                // What the server assumes when the parameter isn't sent: said, never sent.
                field.defaultValue = value.value
            }
            switch place {
            case .path?: strategy.pathParameters.append(field)
            case .query?: strategy.query.append(field)
            case .header?: strategy.headers.append(field)
            case .cookie?: strategy.cookies.append(field)
            case .form?, nil: continue
            }
        }
        let placeholders = Self.placeholders(in: path)
        for index in strategy.pathParameters.indices {
            // `petId` declared for `{petID}`: the document's spelling differs, not its meaning.
            let name = strategy.pathParameters[index].name
            guard !placeholders.contains(name.value) else { continue }
            let alike = placeholders.filter { $0.lowercased() == name.value.lowercased() }
            guard alike.count == 1, !strategy.pathParameters.contains(where: { $0.name.value == alike[0] }) else { continue }
            warn("path parameter '\(name.value)' is written '{\(alike[0])}' in the path '\(path)'; it fills that placeholder", at: name.location, pointer)
            strategy.pathParameters[index].name.value = alike[0]
        }
        strategy.pathParameters.removeAll { parameter in
            guard !placeholders.contains(parameter.name.value) else { return false }
            warn("path parameter '\(parameter.name.value)' is not in the path '\(path)'; it is left out", at: parameter.name.location, pointer)
            return true
        }
        for placeholder in placeholders where !strategy.pathParameters.contains(where: { $0.name.value == placeholder }) {
            warn("path parameter '\(placeholder)' is not declared; it is taken as a string", at: location, pointer)
            strategy.pathParameters.append(FieldSpec(name: Named(placeholder, at: location), type: .builtIn(.string), typeLocation: location))
        }

        if let body = operation["requestBody"] {
            let at = pointer.appending("requestBody")
            guard let resolved = resolve(body, pointer: at) else { return nil }
            if isEmptyBody(resolved) {
                // A body that can hold no field takes no input; a JSON one is still sent, as
                // `{}`.
                let first = resolved["content"]?.members.first?.key ?? ""
                if Self.isJSON(first) { strategy.body = .jsonFields([]) }
                return finished(strategy, operation, pointer: pointer)
            }
            switch requestBody(resolved, owner: name.value, pointer: at) ?? fallbackBody(resolved, pointer: at) {
            case .form(let fields) where ["get", "delete", "head"].contains(method):
                // A form on a request without a body is sent as the query string, as the
                // providers' own clients send it.
                strategy.query += fields
            case let spec: strategy.body = spec
            }
            sendJSONAsDeclared(&strategy, resolved, pointer: at)
        }
        // The query a path key carries (`/keys?api-version=1`) is sent with every call, unless a
        // parameter of the same name says otherwise.
        let declared = Set(strategy.query.map(\.name.value) + strategy.constantQuery.map(\.name.value))
        strategy.constantQuery += fixedQuery.filter { !declared.contains($0.name.value) }
        return finished(strategy, operation, pointer: pointer)
    }

    /// A JSON body of another media type than `application/json` (`application/json-patch+json`,
    /// `application/vnd.api+json`) is sent as that type: a constant `Content-Type` header. A body
    /// the document lets go as several JSON media types (a JSON patch, a merge patch) is sent as
    /// the one the caller picks, as the bodies differ: a `Content-Type` header of an enum of them.
    mutating func sendJSONAsDeclared(_ strategy: inout StrategySpec, _ body: YAMLNode, pointer: JSONPointer) {
        switch strategy.body {
        case .json?, .jsonFields?: break
        default: return
        }
        guard !strategy.sendsHeader("Content-Type") else { return }
        var types: [(text: String, location: SourceLocation)] = []
        for (type, media) in body["content"]?.members ?? [] where Self.isJSON(type) && Self.mediaType(type) != "*/*" {
            if !types.contains(where: { Self.mediaType($0.text) == Self.mediaType(type) }) { types.append((type, media.location)) }
        }
        guard let first = types.first else { return }
        if types.count == 1 {
            guard Self.mediaType(first.text) != "application/json" else { return }
            strategy.constantHeaders.append(ConstantParameter(name: Named("Content-Type", at: body.location), value: first.text))
            return
        }
        var names: Set<String> = []
        let cases = types.map { type -> EnumCaseSpec in
            let subtype = Self.mediaType(type.text).split(separator: "/", maxSplits: 1).last.map(String.init) ?? type.text
            var name = SwiftIdentifier.member(subtype, fallback: "mediaType")
            while !names.insert(name).inserted { name += "Type" }
            return EnumCaseSpec(value: Named(type.text, at: type.location), swiftName: name)
        }
        let name = uniqueTypeName(strategy.name.value + "ContentType")
        add(ModelSpec(name: Named(name, at: body.location), doc: "A media type the body of ``\(strategy.name.value)`` can be sent as.",
                      kind: .enumeration(EnumSpec(isInteger: false, cases: cases))))
        var field = FieldSpec(name: Named("Content-Type", at: body.location), type: .named(name), typeLocation: body.location)
        field.doc = "The media type the body is sent as."
        strategy.headers.append(field)
    }

    /// Multipart fields with the media type the body's `encoding` gives each part, where it
    /// names one type (the first of a list); a range (`image/*`) names none.
    func partTypes(_ fields: [FieldSpec], encoding: YAMLNode?) -> [FieldSpec] {
        fields.map { field in
            var field = field
            let written = encoding?[field.name.value]?["contentType"]?.scalar?.split(separator: ",").first
                .map { $0.trimmingCharacters(in: .whitespaces) }
            if let written, !written.isEmpty, !written.contains("*"), !written.contains(where: \.isNewline) { field.partContentType = written }
            return field
        }
    }

    /// The `Accept` header a strategy sends: the media types the operation's responses declare
    /// (its success responses' first), so a server that serves several sends one the client
    /// reads; a streaming strategy's is its stream's, which the runtime sends. Not where the
    /// caller chooses it (an `Accept` parameter), nor for responses that declare no content.
    mutating func accept(_ strategy: inout StrategySpec, _ operation: YAMLNode) {
        guard strategy.stream == nil,
              !strategy.sendsHeader("Accept") else { return }
        let responses = (operation["responses"]?.members ?? []).sorted { ($0.key.hasPrefix("2") ? 0 : 1) < ($1.key.hasPrefix("2") ? 0 : 1) }
        var types: [String] = []
        for (_, response) in responses {
            for (type, _) in lookUp(response).node?["content"]?.members ?? [] {
                let media = Self.mediaType(type)
                guard !media.isEmpty, StreamSpec.Format(mediaType: media) == nil, !type.contains(where: \.isNewline),
                      !types.contains(where: { Self.mediaType($0) == media }) else { continue }
                types.append(type)
            }
        }
        guard !types.isEmpty, types != ["*/*"] else { return }
        strategy.constantHeaders.append(ConstantParameter(name: Named("Accept", at: strategy.name.location), value: types.joined(separator: ", ")))
    }

    /// A path key's path and the query items written after its `?`, each decoded. What follows
    /// a `#` (`/files/{id}#get_shared_link`, a second operation on one path) is no part of the
    /// URL sent.
    static func splitQuery(of path: String, at location: SourceLocation) -> (String, [ConstantParameter]) {
        let path = path.firstIndex(of: "#").map { String(path[..<$0]) } ?? path
        guard let mark = path.firstIndex(of: "?") else { return (path, []) }
        let items = path[path.index(after: mark)...].split(separator: "&").map { item -> ConstantParameter in
            let (name, value) = item.firstIndex(of: "=").map { (item[..<$0], item[item.index(after: $0)...]) } ?? (item, "")
            func decoded(_ text: Substring) -> String {
                let text = text.replacingOccurrences(of: "+", with: " ")
                return text.removingPercentEncoding ?? text
            }
            return ConstantParameter(name: Named(decoded(name), at: location), value: decoded(value))
        }
        return (String(path[..<mark]), items)
    }

    /// What an operation sends when the spec format can't say its body: any JSON value for a
    /// JSON body, else the bytes the caller gives in the body's first media type
    /// (`application/octet-stream` when it names none), with a warning. An operation the client
    /// keeps sends the body its document asks for, never none.
    mutating func fallbackBody(_ body: YAMLNode, pointer: JSONPointer) -> BodySpec {
        let content = body["content"]?.members ?? []
        if let (type, media) = content.first(where: { Self.isJSON($0.key) }) {
            let place = media["schema"] ?? media
            warn("the request body's schema has a form the spec format can't say yet; it is sent as any JSON value the caller gives", at: place.location, pointer.appending("content").appending(type).appending("schema"))
            return .json(body["required"]?.bool == false ? .optional(.builtIn(.json)) : .builtIn(.json), place.location)
        }
        let type = content.first?.key ?? "application/octet-stream"
        warn("the request body has no media type the spec format can send; it is sent as the bytes the caller gives, as '\(type)'", at: body.location, pointer)
        return .raw(contentType: type)
    }

    /// The strategy with what it returns, its response headers and paging, and its inputs named.
    mutating func finished(_ strategy: StrategySpec, _ operation: YAMLNode, pointer: JSONPointer) -> StrategySpec {
        var strategy = strategy
        returnedExample = nil
        (strategy.returns, strategy.unwrap) = returns(operation, owner: strategy.name.value, pointer: pointer)
        if let (example, location) = returnedExample {
            // The documented response answers in a stubbed client; one that doesn't decode as
            // the output is left out when validation says so.
            strategy.example = example
            strategy.exampleLocation = location
        }
        strategy.responseHeaders = responseHeaders(operation, pointer: pointer)
        strategy.pagination = pagination(of: strategy, operation, pointer: pointer)
        uniqueInputNames(&strategy)
        return strategy
    }

    /// A parameter whose schema gives no type (`schema: {}`) is text the caller writes, and so
    /// is each item of a list whose items give none (`expand`, `items: {}`).
    func textWhenUntyped(_ type: TypeReference) -> TypeReference {
        switch type {
        case .builtIn(.json): .builtIn(.string)
        case .array(.builtIn(.json)): .array(.builtIn(.string))
        default: type
        }
    }

    /// Whether every content of a request body is an object that can hold nothing: no property,
    /// and `additionalProperties: false`. An object without properties that says nothing more
    /// (`type: object`) takes any keys, and is sent as the map the caller gives.
    func isEmptyBody(_ body: YAMLNode) -> Bool {
        let content = body["content"]?.members ?? []
        return !content.isEmpty && content.allSatisfy { _, media in
            guard let schema = media["schema"].flatMap({ lookUp($0).node }) else { return false }
            let empty = schema["properties"].map { $0.members.isEmpty } ?? true
            return empty && schemaType(schema) == "object" && schema["allOf"] == nil && schema["oneOf"] == nil
                && schema["anyOf"] == nil && schema["additionalProperties"]?.bool == false
        }
    }

    /// A single value a cookie can hold: text, a number, a Bool, a UUID or an enum.
    func isCookieType(_ type: TypeReference) -> Bool {
        switch type {
        case .builtIn(let type): type.isScalar
        case .named(let name): enumModelNames.contains(name)
        case .optional, .array, .dictionary: false
        }
    }

    /// A value a query item, header or path segment can carry: a plain value or an enum, or, with
    /// `arrays`, a list of them.
    func isParameterType(_ type: TypeReference, arrays: Bool) -> Bool {
        switch type {
        case .builtIn(let type): ![.file, .json, .data].contains(type)
        case .named(let name): enumModelNames.contains(name)
        case .array(let element): arrays && isParameterType(element, arrays: false)
        case .optional, .dictionary: false
        }
    }

    /// The one value a parameter's schema allows (`const`, or an `enum` of one value), as text
    /// that can go on the wire.
    func constantValue(_ schema: YAMLNode) -> String? {
        let values = schema["const"].map { [$0] } ?? schema["enum"]?.items ?? []
        guard values.count == 1, let text = values[0].scalar, values[0].value != .null,
              !text.unicodeScalars.contains(where: { $0 != "\t" && $0.isControlOrLineBreak }) else { return nil }
        return text
    }

    /// Whether a default the document gives is a value of the parameter's type, as the spec
    /// format's defaults must be.
    func fits(_ value: YAMLValue, _ type: TypeReference) -> Bool {
        switch (type, value) {
        case (.builtIn(.string), .string), (.builtIn(.bool), .bool), (.builtIn(.int), .int), (.builtIn(.int32), .int), (.builtIn(.int64), .int),
             (.builtIn(.double), .int), (.builtIn(.double), .double), (.builtIn(.float), .double):
            return true
        case (.named(let name), .string(let text)):
            return models.contains { model in
                guard model.name.value == name, case .enumeration(let enumeration) = model.kind else { return false }
                return !enumeration.isInteger && enumeration.cases.contains { $0.value.value == text }
            }
        default:
            return false
        }
    }

    /// An object model, a map of plain values, or a list of object models: what a query in the
    /// deepObject style or a form body sends with nested keys (`address[line1]=…`).
    /// What a parameter can write in one of OpenAPI's styles: a list of single values, or an
    /// object or a map whose values are single values.
    func isStyledType(_ type: TypeReference) -> Bool {
        func single(_ type: TypeReference) -> Bool { isParameterType(type.unwrappingOptional, arrays: false) }
        switch type.unwrappingOptional {
        case .array(let element): return single(element) && !element.isOptional
        case .dictionary(let value): return single(value)
        case .named(let name):
            guard let model = declaredModel(name), case .object(let fields) = model.kind else { return false }
            return !fields.isEmpty && fields.allSatisfy { single($0.type) }
        case .builtIn, .optional: return false
        }
    }

    func isNestedValue(_ type: TypeReference) -> Bool {
        switch type {
        // A value of any type (`bank_account`: a token, or the account's details).
        case .builtIn(let type): return type == .json
        case .named(let name):
            guard let model = declaredModel(name) else { return false }
            switch model.kind {
            case .object: return true
            // `created=5` or `created[gte]=5`: each member a single value or a nested one.
            case .union(let union): return union.variants.allSatisfy { isParameterType($0.type, arrays: false) || isNestedValue($0.type) }
            case .enumeration: return false
            }
        case .dictionary(let value): return isParameterType(value, arrays: false) || isNestedValue(value)
        case .array(let element): return isNestedValue(element)
        case .optional: return false
        }
    }

    /// A union of single values (`oneOf: [integer, string]`, `anyOf`) as the text a parameter
    /// sends, a list of it for a list of them, with a note that says what the text may be;
    /// `nil` for any other type. A number, a Bool or a UUID is written as text anyway.
    func scalarUnionAsText(_ type: TypeReference) -> (TypeReference, String)? {
        switch type {
        case .optional(let wrapped): return scalarUnionAsText(wrapped).map { (.optional($0.0), $0.1) }
        case .array(let element): return scalarUnionAsText(element).map { (.array($0.0), $0.1) }
        case .builtIn, .dictionary: return nil
        case .named(let name):
            guard let model = declaredModel(name), case .union(let union) = model.kind else { return nil }
            var kinds: [String] = []
            for variant in union.variants {
                guard let kind = scalarKind(variant.type) else { return nil }
                if !kinds.contains(kind) { kinds.append(kind) }
            }
            guard !kinds.isEmpty else { return nil }
            let list = kinds.count == 1 ? kinds[0] : kinds.dropLast().joined(separator: ", ") + " or " + kinds.last!
            return (.builtIn(.string), "\(list.prefix(1).uppercased() + list.dropFirst()), written as text.")
        }
    }

    /// How a parameter's documentation names a single value of a type: `an integer`; `nil` for
    /// one that isn't a single value.
    private func scalarKind(_ type: TypeReference) -> String? {
        switch type {
        case .builtIn(.int), .builtIn(.int32), .builtIn(.int64): return "an integer"
        case .builtIn(.double), .builtIn(.float): return "a number"
        case .builtIn(.bool): return "a Boolean"
        case .builtIn(.string): return "a string"
        case .builtIn(.uuid): return "a UUID"
        case .named(let name):
            guard let model = declaredModel(name), case .enumeration(let enumeration) = model.kind else { return nil }
            return "one of " + enumeration.cases.map { "`\($0.value.value)`" }.joined(separator: ", ")
        default: return nil
        }
    }

    /// Gives every input of a strategy (its parameters and the fields of its body) a Swift name
    /// of its own.
    func uniqueInputNames(_ strategy: inout StrategySpec) {
        let bodyFields = strategy.body?.fields ?? []
        let counts = [strategy.pathParameters.count, strategy.query.count, strategy.headers.count, strategy.cookies.count]
        // A client method sends the input as `client`, and a whole body is the input `body`.
        var reserved: Set<String> = ["client"]
        switch strategy.body {
        case .json?, .raw?: reserved.insert("body")
        default: break
        }
        var inputs = uniqueMemberNames(strategy.pathParameters + strategy.query + strategy.headers + strategy.cookies + bodyFields, reserved: reserved)[...]
        strategy.pathParameters = Array(inputs.prefix(counts[0]))
        inputs = inputs.dropFirst(counts[0])
        strategy.query = Array(inputs.prefix(counts[1]))
        inputs = inputs.dropFirst(counts[1])
        strategy.headers = Array(inputs.prefix(counts[2]))
        inputs = inputs.dropFirst(counts[2])
        strategy.cookies = Array(inputs.prefix(counts[3]))
        let body = Array(inputs.dropFirst(counts[3]))
        switch strategy.body {
        case .jsonFields: strategy.body = .jsonFields(body)
        case .form: strategy.body = .form(body)
        case .multipart: strategy.body = .multipart(body)
        case .json, .raw, nil: break
        }
    }

    mutating func requestBody(_ body: YAMLNode, owner: String, pointer: JSONPointer) -> BodySpec? {
        let content = body["content"]?.members ?? []
        // Bytes of any type (`*/*` with a string schema) are sent as they are, not as JSON text.
        let bytes = content.first { Self.mediaType($0.key) == "*/*" && $0.value["schema"].flatMap { lookUp($0).node }.map { schemaType($0) == "string" } == true }
        if let (type, _) = bytes, !content.contains(where: { Self.isJSON($0.key) && Self.mediaType($0.key) != "*/*" }) {
            return .raw(contentType: Self.mediaType(type))
        }
        if let (type, media) = content.first(where: { Self.isJSON($0.key) }), let schema = media["schema"] {
            let at = pointer.appending("content").appending(type).appending("schema")
            // A body that takes other keys beside its properties is a model, which keeps them.
            if let resolved = resolve(schema, pointer: at), schema.reference == nil, isObject(resolved), resolved["properties"] != nil,
               !hasUnionBesideProperties(resolved), resolved["additionalProperties"].map({ $0.bool == false }) ?? true, let fields = objectFields(resolved, owner: owner + "Body", pointer: at), !fields.isEmpty {
                // Fields only ever sent.
                return .jsonFields(fields.asSent)
            }
            // A body that may be `null` is sent when given, as one the operation may go without.
            guard var bodyType = self.type(of: schema, hint: owner + "Body", pointer: at)?.unwrappingOptional, bodyType != .builtIn(.file) else { return nil }
            // A JSON patch (RFC 6902) is a list of operations whatever the schema says: a body
            // that may go as one is any JSON value, an object or a list.
            if bodyType == .dictionary(.builtIn(.json)), content.contains(where: { Self.mediaType($0.key) == "application/json-patch+json" }) {
                bodyType = .builtIn(.json)
            }
            // A body the document says the operation may go without (`required: false`,
            // written) is optional; left unsaid, it is taken as needed, as documents mean.
            return .json(body["required"]?.bool == false ? .optional(bodyType) : bodyType, schema.location)
        }
        for (type, media) in content where ["application/x-www-form-urlencoded", "multipart/form-data"].contains(Self.mediaType(type)) {
            let at = pointer.appending("content").appending(type).appending("schema")
            let multipart = Self.mediaType(type) == "multipart/form-data"
            (filesAllowed, readingForm) = (multipart, true)
            defer { (filesAllowed, readingForm) = (false, false) }
            guard let schema = media["schema"], let resolved = resolve(schema, pointer: at), isObject(resolved),
                  let fields = objectFields(resolved, owner: owner + "Form", pointer: at), !fields.isEmpty else { continue }
            guard fields.allSatisfy({ field in
                let type = field.type.unwrappingOptional
                // A multipart part is a file, text, or JSON: an object, a map, a union.
                return isParameterType(type, arrays: true) || multipart && (type == .builtIn(.file) || type == .array(.builtIn(.file)) || !type.mentions(.file))
                    || !multipart && isNestedValue(type)
            }) else { continue }
            return multipart ? .multipart(partTypes(fields, encoding: media["encoding"])) : .form(encodedFormFields(fields, encoding: media["encoding"], pointer: pointer.appending("content").appending(type).appending("encoding")))
        }
        if let (type, media) = content.first {
            // The body's schema says more than bytes: say so where the caller meets `Data`.
            if let schema = media["schema"], let resolved = lookUp(schema).node, !isBinary(resolved) {
                warn("the request body's schema has a form the spec format can't send yet; it is sent as the bytes the caller gives", at: schema.location, pointer.appending("content").appending(type).appending("schema"))
            }
            return .raw(contentType: type)
        }
        return nil
    }

    /// A schema of what a body of another media type than JSON or a form sends as it is: no
    /// schema, a string (binary, base64 or text, an image or lines of JSON), or bytes that name
    /// their encoding or media type (OpenAPI 3.1's `contentEncoding`, `contentMediaType`).
    func isBinary(_ schema: YAMLNode) -> Bool {
        schema.members.allSatisfy { Self.annotationKeys.contains($0.key) || $0.key.hasPrefix("x-") }
            || schemaType(schema) == "string" || schema["contentEncoding"] != nil || schema["contentMediaType"] != nil
    }
}

extension StrategySpec {
    /// Whether the strategy sends header `name` already, as an input or a constant.
    func sendsHeader(_ name: String) -> Bool {
        (headers.map(\.name) + constantHeaders.map(\.name)).contains { $0.value.lowercased() == name.lowercased() }
    }
}
