/// Turns a Swagger 2.0 document into the OpenAPI 3.0 document that says the same, so one importer
/// reads both.
///
/// Every node of the result keeps the place it was written in the Swagger document, so warnings
/// and errors point where the user looks. What moves:
/// - `host`, `basePath` and `schemes` become `servers`;
/// - `definitions`, `parameters`, `responses` and `securityDefinitions` become components, and
///   every `$ref` to them is rewritten;
/// - a `body` parameter becomes the request body, `formData` parameters a form or multipart body,
///   in the media type `consumes` names;
/// - a parameter's `type`, `format`, `items`, `enum` and `default` become its `schema`, and a
///   list's `collectionFormat` (`csv` when it names none) its `style` and `explode`, or a form
///   field's encoding;
/// - a response's `schema` becomes its content in the media type `produces` names;
/// - `type: file` becomes a binary string, `x-nullable` becomes `nullable`, and a discriminator
///   property name becomes a discriminator object.
struct SwaggerConverter {
    private let root: YAMLNode

    init(root: YAMLNode) {
        self.root = root
    }

    /// The OpenAPI 3.0 document.
    func convert() -> YAMLNode {
        var members: [(String, YAMLNode)] = [("openapi", scalar("3.0.3", at: root["swagger"] ?? root))]
        if let info = root["info"] { members.append(("info", info)) }
        if let servers = servers() { members.append(("servers", servers)) }
        if let security = root["security"] { members.append(("security", security)) }
        if let tags = root["tags"] { members.append(("tags", tags)) }
        if let paths = root["paths"] { members.append(("paths", convertPaths(paths))) }
        if let components = components() { members.append(("components", components)) }
        return mapping(members, at: root)
    }

    /// A pointer into the converted document, spelled as the Swagger document names the same place.
    static func swaggerPointer(_ pointer: String) -> String {
        for (openAPI, swagger) in [
            ("#/components/schemas/", "#/definitions/"),
            ("#/components/parameters/", "#/parameters/"),
            ("#/components/responses/", "#/responses/"),
            ("#/components/securitySchemes/", "#/securityDefinitions/"),
        ] where pointer.hasPrefix(openAPI) {
            return swagger + pointer.dropFirst(openAPI.count)
        }
        return pointer
    }

    // MARK: Servers and components

    /// `https://host/basePath` for every scheme listed (`https` when none is); a relative URL
    /// when there is no host.
    private func servers() -> YAMLNode? {
        let host = root["host"]
        let basePath = root["basePath"]?.scalar ?? ""
        guard host != nil || !basePath.isEmpty else { return nil }
        let anchor = host ?? root["basePath"] ?? root
        guard let host = host?.scalar else {
            return sequence([mapping([("url", scalar(basePath, at: anchor))], at: anchor)], at: anchor)
        }
        let schemes = root["schemes"]?.items.compactMap(\.scalar).filter { $0 == "https" || $0 == "http" } ?? []
        let servers = (schemes.isEmpty ? ["https"] : schemes).map { scheme in
            mapping([("url", scalar("\(scheme)://\(host)\(basePath == "/" ? "" : basePath)", at: anchor))], at: anchor)
        }
        return sequence(servers, at: anchor)
    }

    private func components() -> YAMLNode? {
        var members: [(String, YAMLNode)] = []
        if let definitions = root["definitions"] {
            members.append(("schemas", mapping(definitions.members.map { ($0.key, schema($0.value)) }, at: definitions)))
        }
        if let parameters = root["parameters"] {
            let plain = parameters.members.filter { !["body", "formData"].contains($0.value["in"]?.scalar ?? "") }
            members.append(("parameters", mapping(plain.map { ($0.key, parameter($0.value)) }, at: parameters)))
        }
        if let responses = root["responses"] {
            members.append(("responses", mapping(responses.members.map { ($0.key, response($0.value, produces: globalProduces)) }, at: responses)))
        }
        if let schemes = root["securityDefinitions"] {
            members.append(("securitySchemes", mapping(schemes.members.map { ($0.key, securityScheme($0.value)) }, at: schemes)))
        }
        return members.isEmpty ? nil : mapping(members, at: root)
    }

    private func securityScheme(_ node: YAMLNode) -> YAMLNode {
        switch node["type"]?.scalar {
        case "basic":
            return mapping([("type", scalar("http", at: node)), ("scheme", scalar("basic", at: node))] + kept(node, ["description"]), at: node)
        case "oauth2":
            return mapping([("type", scalar("oauth2", at: node))] + kept(node, ["description"]), at: node)
        default:
            return node
        }
    }

    // MARK: Paths and operations

    private var globalConsumes: [String] { root["consumes"]?.items.compactMap(\.scalar) ?? [] }
    private var globalProduces: [String] { root["produces"]?.items.compactMap(\.scalar) ?? [] }

    private func convertPaths(_ paths: YAMLNode) -> YAMLNode {
        let converted = paths.members.map { path, item -> (String, YAMLNode) in
            guard case .mapping = item.kind, item.reference == nil else { return (path, item) }
            let shared = item["parameters"]?.items ?? []
            var members: [(String, YAMLNode)] = []
            let plainShared = shared.filter { !isBodyOrForm($0) }
            if !plainShared.isEmpty {
                members.append(("parameters", sequence(plainShared.map(parameterOrReference), at: item["parameters"]!)))
            }
            for (key, value) in item.members where key != "parameters" {
                if ["get", "put", "post", "delete", "options", "head", "patch"].contains(key) {
                    members.append((key, operation(value, shared: shared.filter(isBodyOrForm))))
                } else {
                    members.append((key, value))
                }
            }
            return (path, mapping(members, at: item))
        }
        return mapping(converted, at: paths)
    }

    private func operation(_ node: YAMLNode, shared: [YAMLNode]) -> YAMLNode {
        let parameters = node["parameters"]?.items ?? []
        let consumes = node["consumes"]?.items.compactMap(\.scalar) ?? globalConsumes
        let produces = node["produces"]?.items.compactMap(\.scalar) ?? globalProduces
        var members: [(String, YAMLNode)] = []
        for (key, value) in node.members {
            switch key {
            case "parameters":
                let plain = parameters.filter { !isBodyOrForm($0) }
                if !plain.isEmpty { members.append((key, sequence(plain.map(parameterOrReference), at: value))) }
            case "responses":
                members.append((key, mapping(value.members.map { ($0.key, response($0.value, produces: produces)) }, at: value)))
            case "consumes", "produces", "schemes":
                continue
            default:
                members.append((key, value))
            }
        }
        if let body = requestBody(parameters + shared, consumes: consumes, at: node["parameters"] ?? node) {
            members.append(("requestBody", body))
        }
        return mapping(members, at: node)
    }

    /// The parameter a reference names in the document's `parameters`, or the node itself.
    private func resolvedParameter(_ node: YAMLNode) -> YAMLNode {
        guard let target = node.reference, target.hasPrefix("#/parameters/") else { return node }
        return root.node(atPointer: target.dropFirst()) ?? node
    }

    private func isBodyOrForm(_ node: YAMLNode) -> Bool {
        ["body", "formData"].contains(resolvedParameter(node)["in"]?.scalar ?? "")
    }

    private func parameterOrReference(_ node: YAMLNode) -> YAMLNode {
        node.reference != nil ? rewritingReferences(node) : parameter(node)
    }

    /// A path, query, header or cookie parameter with its value's description in `schema`.
    private func parameter(_ node: YAMLNode) -> YAMLNode {
        let schemaKeys: Set<String> = ["type", "format", "items", "enum", "default", "minimum", "maximum", "exclusiveMinimum", "exclusiveMaximum", "minLength", "maxLength", "pattern", "minItems", "maxItems", "uniqueItems", "multipleOf", "x-nullable"]
        var members: [(String, YAMLNode)] = []
        var schemaMembers: [(String, YAMLNode)] = []
        for (key, value) in node.members {
            if schemaKeys.contains(key) {
                schemaMembers.append((key, value))
            } else if key != "allowEmptyValue" && key != "collectionFormat" {
                members.append((key, value))
            }
        }
        let place = node["in"]?.scalar ?? ""
        if place == "header", node["name"]?.scalar?.lowercased() == "authorization" {
            // OpenAPI 3 ignores such a parameter; Swagger 2.0 documents send a token with it.
            members.append((OpenAPIImporter.swaggerHeaderMark, scalar("true", at: node)))
        }
        switch Self.collectionFormat(of: node) {
        case nil:
            break
        case "tsv"?:
            // OpenAPI 3 has no tab-separated style: the caller writes the text, as the note says.
            schemaMembers = [("type", scalar("string", at: node))]
            members = Self.describingTabSeparatedValues(members, at: node)
        case let format?:
            members += Self.style(of: format, in: place, at: node["collectionFormat"] ?? node)
        }
        if !schemaMembers.isEmpty {
            members.append(("schema", schema(mapping(schemaMembers, at: node))))
        }
        return mapping(members, at: node)
    }

    /// A list's `collectionFormat`, `csv` when it says none (Swagger's default); `nil` for a
    /// parameter that isn't a list.
    private static func collectionFormat(of node: YAMLNode) -> String? {
        guard node["type"]?.scalar == "array" else { return nil }
        return node["collectionFormat"]?.scalar ?? "csv"
    }

    /// The OpenAPI 3 `style` and `explode` that send a list as `format` does, in `place`:
    /// `multi` repeats the name (`id=a&id=b`), `csv` (the default) separates with commas, `ssv`
    /// with spaces and `pipes` with pipes. Outside the query (and a form) a list is one value,
    /// comma-separated, which is what OpenAPI 3 writes there anyway.
    private static func style(of format: String, in place: String, at anchor: YAMLNode) -> [(String, YAMLNode)] {
        guard place == "query" || place == "formData" else { return [] }
        let (style, explode) = switch format {
        case "multi": ("form", "true")
        case "ssv": ("spaceDelimited", "false")
        case "pipes": ("pipeDelimited", "false")
        default: ("form", "false")
        }
        let node = { (text: String) in YAMLNode(kind: .scalar(text, quoted: false), location: anchor.location) }
        return [("style", node(style)), ("explode", node(explode))]
    }

    /// `members` with a description that says the list is tab-separated text.
    private static func describingTabSeparatedValues(_ members: [(String, YAMLNode)], at node: YAMLNode) -> [(String, YAMLNode)] {
        let note = "Tab-separated values (Swagger's `collectionFormat: tsv`): the values joined with tabs."
        let described = node["description"]?.scalar.map { $0 + "\n\n" + note } ?? note
        let anchor = node["description"] ?? node
        return members.filter { $0.0 != "description" } + [("description", YAMLNode(kind: .scalar(described, quoted: true), location: anchor.location))]
    }

    /// The `body` parameter as JSON (or the first media type consumed), or the `formData`
    /// parameters as a form, multipart when a file is among them or only multipart is consumed.
    private func requestBody(_ parameters: [YAMLNode], consumes: [String], at anchor: YAMLNode) -> YAMLNode? {
        let resolved = parameters.map(resolvedParameter)
        if let body = resolved.first(where: { $0["in"]?.scalar == "body" }) {
            let media = consumes.first { $0.lowercased().contains("json") } ?? consumes.first ?? "application/json"
            var members: [(String, YAMLNode)] = [("content", mapping([(media, mapping([("schema", schema(body["schema"] ?? body))], at: body))], at: body))]
            members += kept(body, ["description", "required"])
            return mapping(members, at: body)
        }
        let form = resolved.filter { $0["in"]?.scalar == "formData" }
        guard let first = form.first else { return nil }
        let hasFile = form.contains { $0["type"]?.scalar == "file" }
        let multipart = hasFile || (consumes.contains("multipart/form-data") && !consumes.contains("application/x-www-form-urlencoded"))
        var properties: [(String, YAMLNode)] = []
        var required: [YAMLNode] = []
        var encoding: [(String, YAMLNode)] = []
        for field in form {
            guard let name = field["name"]?.scalar else { continue }
            let keys: Set<String> = ["name", "in", "required", "description", "collectionFormat", "allowEmptyValue"]
            var members = field.members.filter { !keys.contains($0.key) } + (field["description"].map { [("description", $0)] } ?? [])
            switch Self.collectionFormat(of: field) {
            case "tsv"? where !multipart:
                members = Self.describingTabSeparatedValues([("type", scalar("string", at: field))], at: field)
            case let format? where !multipart:
                // A form field's list is written as a query parameter's is: its encoding says how.
                encoding.append((name, mapping(Self.style(of: format, in: "formData", at: field["collectionFormat"] ?? field), at: field)))
            default:
                break
            }
            properties.append((name, schema(mapping(members, at: field))))
            if field["required"]?.bool == true { required.append(scalar(name, at: field)) }
        }
        var schemaMembers: [(String, YAMLNode)] = [("type", scalar("object", at: first)), ("properties", mapping(properties, at: first))]
        if !required.isEmpty { schemaMembers.append(("required", sequence(required, at: first))) }
        let media = multipart ? "multipart/form-data" : "application/x-www-form-urlencoded"
        let mediaMembers = [("schema", mapping(schemaMembers, at: first))] + (encoding.isEmpty ? [] : [("encoding", mapping(encoding, at: first))])
        let content = mapping([(media, mapping(mediaMembers, at: first))], at: first)
        return mapping([("content", content)] + (required.isEmpty ? [] : [("required", scalar("true", at: first))]), at: anchor)
    }

    /// A response whose `schema` is content of the JSON media type produced (or the first one),
    /// and whose headers have schemas.
    private func response(_ node: YAMLNode, produces: [String]) -> YAMLNode {
        guard node.reference == nil else { return rewritingReferences(node) }
        var members: [(String, YAMLNode)] = []
        for (key, value) in node.members {
            switch key {
            case "schema":
                let media = produces.first { $0.lowercased().contains("json") } ?? produces.first ?? "application/json"
                // Swagger's `examples` give a response's body by media type; 3.0 gives it in the media.
                let examples = node["examples"]
                let example = examples?[media] ?? examples?.members.first { $0.key.lowercased().contains("json") }?.value
                let described = [("schema", schema(value))] + (example.map { [("example", $0)] } ?? [])
                members.append(("content", mapping([(media, mapping(described, at: value))], at: value)))
            case "headers":
                let headers = value.members.map { name, header in
                    // A header's `type` and `format` are its schema; `required` (which some
                    // documents write, as OpenAPI 3 does) stays beside it.
                    let described = header.members.filter { $0.key != "description" && $0.key != "required" }
                    return (name, mapping(kept(header, ["description", "required"]) + [("schema", schema(mapping(described, at: header)))], at: header))
                }
                members.append((key, mapping(headers, at: value)))
            case "examples":
                continue
            default:
                members.append((key, value))
            }
        }
        return mapping(members, at: node)
    }

    // MARK: Schemas

    /// A schema with Swagger's own spellings replaced by OpenAPI 3.0's, at every depth.
    private func schema(_ node: YAMLNode) -> YAMLNode {
        switch node.kind {
        case .scalar:
            return node
        case .sequence(let items):
            return sequence(items.map(schema), at: node)
        case .mapping(let pairs):
            var members: [(String, YAMLNode)] = []
            for (keyNode, value) in pairs {
                guard let key = keyNode.scalar else { continue }
                switch key {
                case "$ref":
                    members.append((key, rewrittenReference(value)))
                case "type" where value.scalar == "file":
                    members += [("type", scalar("string", at: value)), ("format", scalar("binary", at: value))]
                case "x-nullable":
                    members.append(("nullable", value))
                case "discriminator" where value.scalar != nil:
                    members.append((key, mapping([("propertyName", value)], at: value)))
                case "properties", "definitions":
                    members.append((key, mapping(value.members.map { ($0.key, schema($0.value)) }, at: value)))
                case "items", "additionalProperties", "not":
                    members.append((key, value.bool != nil ? value : schema(value)))
                case "allOf", "anyOf", "oneOf":
                    members.append((key, sequence(value.items.map(schema), at: value)))
                case "example", "default", "enum":
                    members.append((key, value))
                default:
                    members.append((key, value))
                }
            }
            return mapping(members, at: node)
        }
    }

    /// A reference object with its target moved to where OpenAPI 3.0 keeps it.
    private func rewritingReferences(_ node: YAMLNode) -> YAMLNode {
        guard case .mapping(let pairs) = node.kind else { return node }
        return mapping(pairs.compactMap { pair in pair.key.scalar.map { ($0, $0 == "$ref" ? rewrittenReference(pair.value) : pair.value) } }, at: node)
    }

    private func rewrittenReference(_ value: YAMLNode) -> YAMLNode {
        guard let target = value.scalar else { return value }
        for (swagger, openAPI) in [
            ("#/definitions/", "#/components/schemas/"),
            ("#/parameters/", "#/components/parameters/"),
            ("#/responses/", "#/components/responses/"),
        ] where target.hasPrefix(swagger) {
            return scalar(openAPI + target.dropFirst(swagger.count), at: value)
        }
        return value
    }

    // MARK: Nodes

    private func kept(_ node: YAMLNode, _ keys: [String]) -> [(String, YAMLNode)] {
        keys.compactMap { key in node[key].map { (key, $0) } }
    }

    private func scalar(_ text: String, at anchor: YAMLNode) -> YAMLNode {
        YAMLNode(kind: .scalar(text, quoted: false), location: anchor.location)
    }

    private func mapping(_ members: [(String, YAMLNode)], at anchor: YAMLNode) -> YAMLNode {
        let pairs = members.map { (key: YAMLNode(kind: .scalar($0.0, quoted: true), location: $0.1.location), value: $0.1) }
        return YAMLNode(kind: .mapping(pairs), location: anchor.location)
    }

    private func sequence(_ items: [YAMLNode], at anchor: YAMLNode) -> YAMLNode {
        YAMLNode(kind: .sequence(items), location: anchor.location)
    }
}
