import Foundation

/// Reads an OpenAPI 3.0 or 3.1 document into the spec model, so it goes through the same
/// validation, code model and renderer as a spec in the format.
///
/// Real documents are sloppy, so a fault costs only what it touches: a schema, property,
/// parameter or operation the spec model can't say is left out with a warning at its place,
/// naming its JSON pointer, and the rest is imported.
struct OpenAPIImporter {
    let file: String
    let root: YAMLNode
    private(set) var diagnostics = DiagnosticCollector()

    /// Component schema key → the model it became, or the type it stands for.
    private var componentTypes: [String: TypeReference] = [:]
    /// Component schema keys being converted, to stop at a reference to itself.
    private var converting: Set<String> = []
    private var models: [ModelSpec] = []
    /// The names of the enum models among them, which parameters may take.
    private var enumModelNames: Set<String> = []
    /// Type names taken: the runtime's, Swift's, and those already given.
    private var typeNames: Set<String>

    /// How a pointer into `root` is spelled in messages: as is, or as the document the user
    /// wrote names the same place (a converted Swagger 2.0 document).
    private let spellingPointers: (String) -> String

    /// The places of references to other files that couldn't be read, already warned about.
    private let unresolved: Set<SourceLocation>

    /// The operations to import; all of them when `nil`.
    private let selection: GeneratorConfig.OperationSelection?

    init(root: YAMLNode, file: String, selection: GeneratorConfig.OperationSelection? = nil, unresolved: Set<SourceLocation> = [], spellingPointers: @escaping (String) -> String = { $0 }) {
        self.root = root
        self.file = file
        self.selection = selection
        self.unresolved = unresolved
        self.spellingPointers = spellingPointers
        typeNames = Set(Checker.namesGeneratedCodeUses.keys)
    }

    /// The document as a spec, or `nil` when it isn't an OpenAPI 3 document at all.
    mutating func importDocument() -> APISpec? {
        guard let version = root["openapi"]?.scalar, version.hasPrefix("3.") else {
            diagnostics.error("only OpenAPI 3.0 and 3.1 documents are imported; found version '\(root["openapi"]?.scalar ?? "")'", at: (root["openapi"] ?? root).location)
            return nil
        }
        let title = root["info"]?["title"]
        let apiName = uniqueTypeName(SwiftIdentifier.type(title?.scalar ?? "API", fallback: "API"))
        let name = Named(apiName, at: (title ?? root).location)
        typeNames.insert(apiName + "Client")

        if let selection { selectOperations(selection) }
        declareComponentSchemas()
        let authSchemes = importSecuritySchemes()
        var strategies: [StrategySpec] = []
        var errorCases: [StatusCase.Status: (payload: TypeReference?, agreed: Bool, location: SourceLocation)] = [:]
        var tags: [(tag: String, location: SourceLocation, strategies: [Named])] = []
        let defaultAuth = authUse(root["security"], schemes: authSchemes)

        let paths = root["paths"]
        for (path, item) in paths?.members ?? [] {
            let pointer = JSONPointer().appending("paths").appending(path)
            let item = resolve(item, pointer: pointer) ?? item
            note(item.location, pointer)
            let shared = item["parameters"]?.items ?? []
            for method in ["get", "put", "post", "delete", "options", "head", "patch", "trace"] {
                guard let operation = item[method], isSelected(operation, path: path) else { continue }
                let at = pointer.appending(method)
                let modelCount = models.count
                guard var strategy = importOperation(operation, method: method, path: path, shared: shared, pointer: at, location: item.location) else {
                    discardModels(from: modelCount)
                    continue
                }
                strategy.auth = authUse(operation["security"], schemes: authSchemes) ?? .inherited
                strategy.server = operationServer(operation["servers"] ?? item["servers"], pointer: operation["servers"] != nil ? at : pointer)
                for (code, payload, location) in errorResponses(operation, pointer: at) {
                    if let existing = errorCases[code] {
                        errorCases[code] = (existing.payload, existing.agreed && existing.payload == payload, existing.location)
                    } else {
                        errorCases[code] = (payload, true, location)
                    }
                }
                strategies.append(strategy)
                for tag in operation["tags"]?.items.compactMap(\.scalar) ?? [] {
                    if let index = tags.firstIndex(where: { $0.tag == tag }) {
                        tags[index].strategies.append(strategy.name)
                    } else {
                        tags.append((tag, operation["tags"]!.location, [strategy.name]))
                    }
                }
            }
        }

        var errors: [ErrorSpec] = []
        let bodyErrors = bodyErrorExtension(named: apiName + "Error")
        if !errorCases.isEmpty || bodyErrors != nil {
            let errorName = uniqueTypeName(apiName + "Error")
            let plain = ErrorSpec(name: Named(errorName, at: name.location), doc: nil, bodyKey: nil, codePath: nil, messagePath: nil, codeCases: [], statusCases: Self.statusCases(errorCases))
            var error = plain
            if let bodyErrors, let node = root[Self.errorsExtension] {
                // The extension's cases come first and win over a response's case of the same
                // status; a response's case named like one of them is named by its status.
                let written = Set(bodyErrors.statusCases.map(\.status))
                let taken = Set(bodyErrors.statusCases.map(\.caseName.value) + bodyErrors.codeCases.map(\.caseName.value))
                error.statusCases = bodyErrors.statusCases + plain.statusCases.filter { !written.contains($0.status) }.map { statusCase in
                    var statusCase = statusCase
                    if taken.contains(statusCase.caseName.value) { statusCase.caseName.value = "status\(statusCase.status)" }
                    return statusCase
                }
                error.doc = bodyErrors.doc
                error.bodyKey = bodyErrors.bodyKey
                error.codePath = bodyErrors.codePath
                error.messagePath = bodyErrors.messagePath
                error.codeCases = bodyErrors.codeCases
                errorsWithoutExtension = plain
                noteExtension(Self.errorsExtension, .errors, node)
            }
            errors.append(error)
            for index in strategies.indices { strategies[index].errorType = errors[0].name }
        }

        let interfaces = tags.map { tag in
            InterfaceSpec(name: Named(uniqueTypeName(SwiftIdentifier.type(tag.tag, fallback: "Tagged") + "API"), at: tag.location), doc: nil, strategies: tag.strategies)
        }
        checkDiscriminators()
        removeInfiniteSizes()

        return APISpec(
            file: file,
            name: name,
            doc: root["info"]?["description"]?.scalar ?? title?.scalar,
            access: .public,
            servers: importServers(),
            defaults: DefaultsSpec(auth: defaultAuth.flatMap { if case .scheme(let scheme) = $0 { scheme } else { nil } }),
            authSchemes: authSchemes,
            models: models,
            errors: errors,
            strategies: strategies,
            interfaces: interfaces,
            uses: []
        )
    }

    // MARK: Extensions

    /// An extension taken into the spec, with the places of its nodes: a fault that validation
    /// finds at one of them costs only the extension.
    struct ExtensionUse {
        enum Target: Equatable {
            case pagination(strategy: String)
            case errors
        }

        var name: String
        var target: Target
        var places: Set<SourceLocation>
    }

    private(set) var extensionUses: [ExtensionUse] = []
    /// The API's error type as the responses alone make it, for when its extension is left out.
    private(set) var errorsWithoutExtension: ErrorSpec?

    private mutating func noteExtension(_ name: String, _ target: ExtensionUse.Target, _ node: YAMLNode) {
        var places: Set<SourceLocation> = []
        var pending = [node]
        while let current = pending.popLast() {
            places.insert(current.location)
            switch current.kind {
            case .scalar: break
            case .sequence(let items): pending += items
            case .mapping(let pairs): pending += pairs.flatMap { [$0.key, $0.value] }
            }
        }
        extensionUses.append(ExtensionUse(name: name, target: target, places: places))
    }

    /// `x-strategykit-pagination` on an operation: the spec format's `pagination`, saying how its
    /// pages follow each other.
    static let paginationExtension = "x-strategykit-pagination"

    private mutating func paginationExtension(of operation: YAMLNode, strategy: String) -> PaginationSpec? {
        guard let node = operation[Self.paginationExtension] else { return nil }
        let decoder = SpecDecoder(file: file)
        let pagination = decoder.decodePagination(node, of: "operation '\(strategy)'")
        for fault in decoder.diagnostics.diagnostics {
            diagnostics.warning("\(fault.message); '\(Self.paginationExtension)' is left out", at: fault.location ?? node.location)
        }
        guard let pagination, !decoder.diagnostics.hasErrors else { return nil }
        noteExtension(Self.paginationExtension, .pagination(strategy: strategy), node)
        return pagination
    }

    /// `x-strategykit-errors` on the document: the keys of an error type in the spec format
    /// (`when`, `code`, `message`, `cases`, `status`, `doc`), for errors an API reports in the
    /// body; `nil` when absent or when it has a fault, which is a warning at its place.
    private mutating func bodyErrorExtension(named name: String) -> ErrorSpec? {
        guard let node = root[Self.errorsExtension] else { return nil }
        let decoder = SpecDecoder(file: file)
        let key = YAMLNode(kind: .scalar(SwiftIdentifier.type(name, fallback: "APIError"), quoted: true), location: node.location)
        let decoded = decoder.decodeErrors(YAMLNode(kind: .mapping([(key: key, value: node)]), location: node.location))
        let faults = decoder.diagnostics.diagnostics
        for fault in faults {
            diagnostics.warning("\(fault.message); '\(Self.errorsExtension)' is left out", at: fault.location ?? node.location)
        }
        return faults.contains { $0.severity == .error } ? nil : decoded.first
    }

    /// `x-strategykit-unwrap` on an operation, or on the document for every operation whose
    /// response has that key path: where the output is in the response body.
    static let unwrapExtension = "x-strategykit-unwrap"
    static let errorsExtension = "x-strategykit-errors"

    /// The schema at `path` (`data.items`) inside an object schema; `nil` when a key isn't one of
    /// its properties.
    private mutating func schema(at path: String, in schema: YAMLNode, pointer: JSONPointer) -> (YAMLNode, JSONPointer)? {
        var current = schema, at = pointer
        for key in path.split(separator: ".", omittingEmptySubsequences: false).map(String.init) {
            guard let resolved = resolve(current, pointer: at) else { return nil }
            var found: YAMLNode?
            if let property = resolved["properties"]?[key] {
                found = property
                at = at.appending("properties").appending(key)
            } else {
                for (index, part) in (resolved["allOf"]?.items ?? []).enumerated() {
                    if let property = resolve(part, pointer: at.appending("allOf").appending(index))?["properties"]?[key] {
                        found = property
                        at = at.appending("allOf").appending(index).appending("properties").appending(key)
                        break
                    }
                }
            }
            guard let next = found else { return nil }
            current = next
        }
        return (current, at)
    }

    // MARK: Selecting operations

    /// The component schema keys the selected operations reach; every key when all are imported.
    private var reachedSchemas: Set<String>?

    private func isSelected(_ operation: YAMLNode, path: String) -> Bool {
        guard let selection else { return true }
        return selection.selects(tags: operation["tags"]?.items.compactMap(\.scalar) ?? [], operationId: operation["operationId"]?.scalar, path: path)
    }

    /// Notes which component schemas the selected operations reach, through every reference
    /// (parameters, responses and schemas of the components included), and warns of each selector
    /// that selects nothing.
    private mutating func selectOperations(_ selection: GeneratorConfig.OperationSelection) {
        var reached: Set<String> = [], visited: Set<String> = []
        var pending: [YAMLNode] = []
        var usedTags: Set<String> = [], usedIds: Set<String> = [], usedPaths: Set<String> = []
        for (path, item) in root["paths"]?.members ?? [] {
            let item = resolve(item, pointer: JSONPointer().appending("paths").appending(path)) ?? item
            var any = false
            for method in ["get", "put", "post", "delete", "options", "head", "patch", "trace"] {
                guard let operation = item[method], isSelected(operation, path: path) else { continue }
                any = true
                pending.append(operation)
                let tags = operation["tags"]?.items.compactMap(\.scalar) ?? []
                usedTags.formUnion(selection.tags.map(\.value).filter(tags.contains))
                if let id = operation["operationId"]?.scalar { usedIds.insert(id) }
                usedPaths.formUnion(selection.paths.map(\.value).filter { GeneratorConfig.OperationSelection.path(path, isUnder: $0) })
            }
            if any, let shared = item["parameters"] { pending.append(shared) }
        }
        while let node = pending.popLast() {
            switch node.kind {
            case .scalar(let text, _):
                // Discriminator mappings name schemas by reference too.
                if text.hasPrefix("#/"), visited.insert(text).inserted { follow(text) }
            case .sequence(let items):
                pending += items
            case .mapping(let pairs):
                pending += pairs.map(\.value)
            }
        }
        func follow(_ target: String) {
            if let key = componentKey(target, section: "schemas") { reached.insert(key) }
            if let found = root.node(atPointer: target.dropFirst()) { pending.append(found) }
        }
        reachedSchemas = reached
        let unused = selection.tags.filter { !usedTags.contains($0.value) }.map { ("tag", $0) }
            + selection.operationIds.filter { !usedIds.contains($0.value) }.map { ("operationId", $0) }
            + selection.paths.filter { !usedPaths.contains($0.value) }.map { ("path prefix", $0) }
        for (kind, name) in unused {
            diagnostics.warning("\(kind) '\(name)' under 'operations' selects no operation of \(fileName(of: file))", at: name.location)
        }
    }

    // MARK: Schemas

    /// Names every component schema that becomes a model before converting any, so references
    /// between them, and to themselves, resolve; the others (arrays, maps, plain values) stand
    /// for the type they describe wherever they are used.
    private mutating func declareComponentSchemas() {
        let schemas = root["components"]?["schemas"]?.members ?? []
        var declared: [(key: String, name: String, schema: YAMLNode, pointer: JSONPointer)] = []
        for (key, schema) in schemas where reachedSchemas?.contains(key) ?? true {
            let pointer = JSONPointer().appending("components").appending("schemas").appending(key)
            guard schema.reference == nil, isModel(schema) else {
                aliasSchemas[key] = (schema, pointer)
                continue
            }
            let name = uniqueTypeName(SwiftIdentifier.type(key, fallback: "Schema"))
            componentTypes[key] = .named(name)
            declared.append((key, name, schema, pointer))
        }
        for (_, name, schema, pointer) in declared {
            if let model = model(named: name, schema, pointer: pointer) {
                add(model)
            } else {
                // Its name is already in use by others; an empty struct keeps them compiling.
                warn("schema '\(name)' has a form the spec format can't say yet; it is imported without fields", at: schema.location, pointer)
                models.append(ModelSpec(name: Named(name, at: schema.location), doc: schema["description"]?.scalar, kind: .object([]), deprecated: nil))
            }
        }
    }

    /// Component schemas that aren't models, converted when first used.
    private var aliasSchemas: [String: (schema: YAMLNode, pointer: JSONPointer)] = [:]

    /// An object with properties or parts, an enum with a value the spec format can say, or a
    /// union of two or more schemas.
    private func isModel(_ schema: YAMLNode) -> Bool {
        if let values = schema["enum"] {
            return values.items.contains { item in
                guard item.scalar != nil, item.value != .null else { return false }
                return schemaType(schema) != "integer" || Int(item.scalar ?? "") != nil
            }
        }
        if let members = unionMembers(schema), schema["properties"] == nil {
            return members.count > 1
        }
        return isObject(schema) && (schema["properties"] != nil || schema["allOf"] != nil)
            && !(schema["allOf"]?.items.count == 1 && schema["properties"] == nil)
    }

    /// A struct for an object schema, an enum for an enum schema, a union for a `oneOf` or
    /// `anyOf`; `nil` for any other schema.
    private mutating func model(named name: String, _ schema: YAMLNode, pointer: JSONPointer) -> ModelSpec? {
        note(schema.location, pointer)
        let doc = schema["description"]?.scalar ?? schema["title"]?.scalar
        let deprecated = schema["deprecated"]?.bool == true ? Deprecation(message: nil) : nil
        if schema["properties"] == nil, let members = unionMembers(schema), members.count > 1 {
            guard let union = union(named: name, schema, members: members, pointer: pointer) else { return nil }
            return ModelSpec(name: Named(name, at: schema.location), doc: doc, kind: .union(union), deprecated: deprecated)
        }
        if let values = schema["enum"] {
            guard let enumeration = enumeration(values, schema: schema, pointer: pointer.appending("enum")) else { return nil }
            return ModelSpec(name: Named(name, at: schema.location), doc: doc, kind: .enumeration(enumeration), deprecated: deprecated)
        }
        guard isObject(schema) else { return nil }
        guard let fields = objectFields(schema, owner: name, pointer: pointer) else { return nil }
        return ModelSpec(name: Named(name, at: schema.location), doc: doc, kind: .object(fields), deprecated: deprecated)
    }

    private func isObject(_ schema: YAMLNode) -> Bool {
        guard schema["additionalProperties"] == nil || schema["properties"] != nil else { return false }
        return schema["properties"] != nil || schema["allOf"] != nil || schemaType(schema) == "object" && schema["additionalProperties"] == nil
    }

    /// The fields of an object schema, those of every `allOf` part included; `nil` when a part
    /// isn't an object.
    private mutating func objectFields(_ schema: YAMLNode, owner: String, pointer: JSONPointer) -> [FieldSpec]? {
        var fields: [FieldSpec] = []
        var required = Set(schema["required"]?.items.compactMap(\.scalar) ?? [])
        for (index, part) in (schema["allOf"]?.items ?? []).enumerated() {
            let at = pointer.appending("allOf").appending(index)
            guard let resolved = resolve(part, pointer: at), isObject(resolved) || resolved["properties"] != nil else {
                warn("'allOf' part \(index) is not an object; the schema is left out", at: part.location, at)
                return nil
            }
            guard let partFields = objectFields(resolved, owner: owner, pointer: at) else { return nil }
            for field in partFields where !fields.contains(where: { $0.name.value == field.name.value }) {
                fields.append(field)
            }
        }
        for name in fields.map(\.name.value) where required.contains(name) {
            required.remove(name)
        }
        for (key, property) in schema["properties"]?.members ?? [] {
            let at = pointer.appending("properties").appending(key)
            guard !fields.contains(where: { $0.name.value == key }) else { continue }
            guard let resolved = resolve(property, pointer: at) else { continue }
            guard let type = type(of: property, hint: owner + SwiftIdentifier.type(key, fallback: "Value"), pointer: at) else {
                warn("property '\(key)' has a type the spec format can't say yet; it is left out", at: property.location, at)
                continue
            }
            var field = FieldSpec(name: Named(key, at: property.location), type: type, typeLocation: property.location)
            note(property.location, at)
            let nullable = isNullable(resolved)
            // A read-only property is never sent and a write-only one never returned, so where
            // the model is used the other way it is absent: it can't be required.
            let oneWay = resolved["readOnly"]?.bool == true || resolved["writeOnly"]?.bool == true
            if !required.contains(key) || oneWay {
                field.type = .optional(type)
            } else if nullable {
                field.nullable = true
            }
            field.doc = resolved["description"]?.scalar
            field.dateFormat = dateFormat(resolved)
            if resolved["deprecated"]?.bool == true { field.deprecated = Deprecation(message: nil) }
            fields.append(field)
        }
        return uniqueMemberNames(fields)
    }

    /// The type a schema stands for, declaring inline objects and enums as models named from
    /// `hint`; `nil` when the spec model can't say it.
    private mutating func type(of schema: YAMLNode, hint: String, pointer: JSONPointer) -> TypeReference? {
        if let target = schema.reference {
            guard target.hasPrefix("#") else {
                if !unresolved.contains(schema.location) {
                    warn("'\(target)' is in another document, which is not read; what uses it is left out", at: schema.location, pointer)
                }
                return nil
            }
            guard let key = componentKey(target, section: "schemas") else {
                warn("'\(target)' is not a schema of this document", at: schema.location, pointer)
                return nil
            }
            if let type = componentTypes[key] { return type }
            guard let (alias, at) = aliasSchemas[key] else {
                warn("'\(target)' names no schema of this document", at: schema.location, pointer)
                return nil
            }
            guard converting.insert(key).inserted else { return nil }
            defer { converting.remove(key) }
            let type = type(of: alias, hint: SwiftIdentifier.type(key, fallback: "Schema"), pointer: at)
            if let type { componentTypes[key] = type }
            return type
        }
        if schema["not"] != nil { return nil }
        if schema["properties"] == nil, let members = unionMembers(schema), members.count <= 1 {
            // `anyOf: [X, {type: "null"}]`: X, nullable.
            guard let only = members.first else { return .named("JSON") }
            let key = schema["oneOf"] != nil ? "oneOf" : "anyOf"
            let index = schema[key]?.items.firstIndex { !isNullSchema($0) } ?? 0
            return type(of: only, hint: hint, pointer: pointer.appending(key).appending(index))
        }
        if let allOf = schema["allOf"]?.items, allOf.count == 1, schema["properties"] == nil {
            return type(of: allOf[0], hint: hint, pointer: pointer.appending("allOf").appending(0))
        }
        if isModel(schema) {
            let name = uniqueTypeName(hint)
            guard let model = model(named: name, schema, pointer: pointer) else {
                typeNames.remove(name)
                return nil
            }
            add(model)
            return .named(name)
        }
        switch schemaType(schema) {
        case "string":
            switch schema["format"]?.scalar {
            case "date-time", "date": return .named("Date")
            case "uuid": return .named("UUID")
            case "binary": return filesAllowed ? .named("File") : nil
            default: return .named("String")
            }
        case "integer":
            switch schema["format"]?.scalar {
            case "int32": return .named("Int32")
            case "int64": return .named("Int64")
            default: return .named("Int")
            }
        case "number":
            return .named(schema["format"]?.scalar == "float" ? "Float" : "Double")
        case "boolean":
            return .named("Bool")
        case "array":
            guard let items = schema["items"], let element = type(of: items, hint: hint + "Item", pointer: pointer.appending("items")) else { return nil }
            return element.isOptional || element == .named("File") ? nil : .array(element)
        case "object":
            // Without properties: a map of the values `additionalProperties` describes, or of any
            // JSON values.
            guard let values = schema["additionalProperties"], values.bool == nil else { return .dictionary(.named("JSON")) }
            guard let value = type(of: values, hint: hint + "Value", pointer: pointer.appending("additionalProperties")),
                  !value.isOptional, value != .named("File") else { return nil }
            return .dictionary(value)
        case nil:
            // No type, or several: any JSON value.
            let shaped = ["enum", "allOf", "items", "properties", "const"].contains { schema[$0] != nil }
            return shaped ? nil : .named("JSON")
        default:
            return nil
        }
    }

    /// The schema's one type: 3.0's `type`, or the one that isn't `null` in 3.1's type list.
    private func schemaType(_ schema: YAMLNode) -> String? {
        if let type = schema["type"]?.scalar { return type }
        let types = schema["type"]?.items.compactMap(\.scalar).filter { $0 != "null" } ?? []
        return types.count == 1 ? types[0] : nil
    }

    private func isNullable(_ schema: YAMLNode) -> Bool {
        schema["nullable"]?.bool == true || schema["type"]?.items.contains { $0.scalar == "null" } == true
            || (schema["oneOf"] ?? schema["anyOf"])?.items.contains(where: isNullSchema) == true
    }

    /// `{ type: "null" }`, which 3.1 documents list among a union's members to make it nullable.
    private func isNullSchema(_ schema: YAMLNode) -> Bool {
        schema["type"]?.scalar == "null" || (schema["type"]?.items.compactMap(\.scalar) == ["null"])
    }

    /// The members of a `oneOf` or `anyOf` other than `null`; `nil` when the schema has neither.
    private func unionMembers(_ schema: YAMLNode) -> [YAMLNode]? {
        guard let list = schema["oneOf"] ?? schema["anyOf"] else { return nil }
        return list.items.filter { !isNullSchema($0) }
    }

    /// The union a `oneOf` or `anyOf` stands for: told apart by its discriminator when every
    /// member is a component schema the discriminator can name, tried in order otherwise. A
    /// member the spec format can't say, or one whose case would repeat another's, is left out
    /// with a warning; `nil` when none is left.
    private mutating func union(named name: String, _ schema: YAMLNode, members: [YAMLNode], pointer: JSONPointer) -> UnionSpec? {
        let key = schema["oneOf"] != nil ? "oneOf" : "anyOf"
        let discriminator = schema["discriminator"]?["propertyName"]
        let mapping = schema["discriminator"]?["mapping"]?.members ?? []
        var variants: [UnionVariant] = []
        var cases: Set<String> = []
        for (index, member) in (schema[key]?.items ?? []).enumerated() where !isNullSchema(member) {
            let at = pointer.appending(key).appending(index)
            let hint = member["title"]?.scalar.map { SwiftIdentifier.type($0, fallback: name + "Option\(index + 1)") } ?? name + "Option\(index + 1)"
            guard let type = type(of: member, hint: hint, pointer: at), !type.isOptional, type != .named("File") else {
                warn("member \(index) of '\(key)' has a type the spec format can't say yet; it is left out", at: member.location, at)
                continue
            }
            var value: Named?
            if discriminator != nil, let target = member.reference {
                let written = mapping.first { $0.value.scalar == target }?.key ?? componentKey(target, section: "schemas")
                value = written.map { Named($0, at: member.location) }
            }
            let variant = UnionVariant(type: type, typeLocation: member.location, value: value)
            guard cases.insert(variant.caseName).inserted else {
                warn("member \(index) of '\(key)' would be a second case '\(variant.caseName)'; it is left out", at: member.location, at)
                continue
            }
            variants.append(variant)
        }
        guard !variants.isEmpty else { return nil }
        if let discriminator { note(discriminator.location, pointer.appending("discriminator").appending("propertyName")) }
        var union = UnionSpec(discriminator: discriminator.flatMap { node in node.scalar.map { Named($0, at: node.location) } }, variants: variants)
        if let discriminator = union.discriminator,
           variants.contains(where: { $0.value == nil || $0.caseName == "unknown" }) {
            warn("discriminator '\(discriminator)' can't name every member of '\(key)'; they are tried in order", at: discriminator.location, pointer.appending("discriminator"))
            union.discriminator = nil
            for index in union.variants.indices { union.variants[index].value = nil }
        }
        return union
    }

    /// A discriminated union whose members don't all hold the discriminator as a required string
    /// tries its members in order instead: checked once every model is imported.
    private mutating func checkDiscriminators() {
        let byName = Dictionary(models.map { ($0.name.value, $0) }, uniquingKeysWith: { first, _ in first })
        for index in models.indices {
            guard case .union(var union) = models[index].kind, let discriminator = union.discriminator else { continue }
            let holdsIt = union.variants.allSatisfy { variant in
                guard case .named(let name) = variant.type, let field = byName[name]?.fields.first(where: { $0.name.value == discriminator.value }) else { return false }
                let isText = field.type == .named("String") || enumModelNames.contains(field.type.description) && byName[field.type.description].map { if case .enumeration(let e) = $0.kind { !e.isInteger } else { false } } == true
                return isText && !field.nullable
            }
            guard !holdsIt else { continue }
            warn("not every member of '\(models[index].name.value)' has '\(discriminator)' as a required string; its members are tried in order", at: discriminator.location, pointers[discriminator.location])
            union.discriminator = nil
            var names: Set<String> = []
            union.variants = union.variants.compactMap { variant in
                var variant = variant
                variant.value = nil
                return names.insert(variant.caseName).inserted ? variant : nil
            }
            models[index].kind = .union(union)
        }
    }

    /// The format of a date, or of the dates of an array, through references to either.
    private func dateFormat(_ schema: YAMLNode) -> DateFormatSpec? {
        var schema = lookUp(schema).node ?? schema
        if let items = schema["items"] { schema = lookUp(items).node ?? items }
        switch schema["format"]?.scalar {
        case "date-time": return .iso8601
        case "date": return .pattern("yyyy-MM-dd")
        default: return nil
        }
    }

    private mutating func enumeration(_ values: YAMLNode, schema: YAMLNode, pointer: JSONPointer) -> EnumSpec? {
        let isInteger = schemaType(schema) == "integer"
        var cases: [EnumCaseSpec] = []
        var names: Set<String> = []
        for item in values.items {
            guard case .scalar(let text, _) = item.kind else { continue }
            if item.value == .null { continue }
            if isInteger, Int(text) == nil { continue }
            guard !cases.contains(where: { $0.value.value == text }) else { continue }
            var swiftName = text.isEmpty ? "empty" : SwiftIdentifier.member(isInteger ? "value\(text)" : text, fallback: "value")
            let base = swiftName
            let reserved: Set<String> = ["unknown", "rawValue", "none", "some"]
            var suffix = 2
            while names.contains(swiftName) || reserved.contains(swiftName) {
                swiftName = "\(base)\(suffix == 2 && reserved.contains(base) ? "Value" : String(suffix))"
                suffix += 1
            }
            names.insert(swiftName)
            cases.append(EnumCaseSpec(value: Named(text, at: item.location), swiftName: swiftName))
        }
        guard !cases.isEmpty else {
            warn("an enum without values the spec format can say is left out", at: values.location, pointer)
            return nil
        }
        return EnumSpec(isInteger: isInteger, cases: cases)
    }

    /// Fields whose Swift names would clash get names of their own, so `my_key` and `myKey` can
    /// sit side by side.
    private func uniqueMemberNames(_ fields: [FieldSpec], reserved: Set<String> = Checker.namesFieldsCantTake) -> [FieldSpec] {
        var taken = reserved
        return fields.map { field in
            var field = field
            let base = SwiftIdentifier.member(field.name.value, fallback: "value")
            var name = base, suffix = 2
            while taken.contains(name) {
                name = "\(base)\(suffix)"
                suffix += 1
            }
            taken.insert(name)
            field.swiftName = name
            return field
        }
    }

    /// Leaves out a field that makes a struct contain itself (directly or through others)
    /// other than in an array or a dictionary, which Swift can't lay out.
    private mutating func removeInfiniteSizes() {
        let indexByName = Dictionary(models.enumerated().map { ($0.element.name.value, $0.offset) }, uniquingKeysWith: { first, _ in first })
        func inline(_ type: TypeReference) -> String? {
            switch type {
            case .named(let name): name
            case .optional(let wrapped): inline(wrapped)
            case .array, .dictionary: nil
            }
        }
        var state: [Int: Bool] = [:]  // false: on the path; true: done
        func visit(_ index: Int) {
            state[index] = false
            guard case .object(var fields) = models[index].kind else {
                state[index] = true
                return
            }
            var removed = false
            fields.removeAll { field in
                guard let target = inline(field.type).flatMap({ indexByName[$0] }) else { return false }
                if state[target] == false {
                    warn("property '\(field.name.value)' would make '\(models[index].name.value)' contain itself; it is left out", at: field.name.location, pointers[field.name.location])
                    removed = true
                    return true
                }
                if state[target] == nil { visit(target) }
                return false
            }
            if removed { models[index].kind = .object(fields) }
            state[index] = true
        }
        for index in models.indices where state[index] == nil { visit(index) }
    }

    // MARK: Operations

    private mutating func importOperation(_ operation: YAMLNode, method: String, path: String, shared: [YAMLNode], pointer: JSONPointer, location: SourceLocation) -> StrategySpec? {
        let id = operation["operationId"]?.scalar ?? (method + " " + path)
        let name = Named(uniqueTypeName(SwiftIdentifier.type(id, fallback: "Operation"), clashSuffix: "Operation"), at: (operation["operationId"] ?? operation).location)
        note(name.location, pointer)
        var strategy = StrategySpec(
            name: name, doc: operation["summary"]?.scalar ?? operation["description"]?.scalar, method: method.uppercased(),
            path: Named(path, at: location), pathParameters: [], query: [], headers: [], body: nil, returns: nil, unwrap: nil,
            errorType: nil, successStatus: nil, auth: .inherited, timeout: nil, retry: nil, excludedMiddlewares: [],
            example: nil, deprecated: operation["deprecated"]?.bool == true ? Deprecation(message: nil) : nil, signsIn: nil
        )
        let own = operation["parameters"]?.items ?? []
        var seen: Set<String> = []
        let parameters = (own.enumerated().map { (pointer.appending("parameters").appending($0.offset), $0.element) }
            + shared.enumerated().map { (JSONPointer().appending("paths").appending(path).appending("parameters").appending($0.offset), $0.element) })
        for (at, node) in parameters {
            guard let parameter = resolve(node, pointer: at), let wireName = parameter["name"]?.scalar, let place = parameter["in"]?.scalar else { continue }
            guard seen.insert(place + " " + wireName).inserted else { continue }
            // OpenAPI leaves these to the content and security the document declares.
            if place == "header", ["accept", "content-type", "authorization"].contains(wireName.lowercased()) { continue }
            let required = place == "path" || parameter["required"]?.bool == true
            if place == "cookie", !Self.isToken(wireName) {
                guard !required else {
                    warn("cookie '\(wireName)' has a name a cookie can't have; the operation is left out", at: parameter.location, at)
                    return nil
                }
                warn("cookie '\(wireName)' has a name a cookie can't have; it is left out", at: parameter.location, at)
                continue
            }
            let schema = parameter["schema"] ?? parameter
            if let constant = constantValue(resolve(schema, pointer: at.appending("schema")) ?? schema), required,
               place == "query" || place == "header" || place == "cookie" && Self.isCookieValue(constant) {
                // A value the operation always sends is not an input.
                let parameter = ConstantParameter(name: Named(wireName, at: parameter.location), value: constant)
                switch place {
                case "query": strategy.constantQuery.append(parameter)
                case "header": strategy.constantHeaders.append(parameter)
                default: strategy.constantCookies.append(parameter)
                }
                continue
            }
            let modelCount = models.count
            guard var type = type(of: schema, hint: name.value + SwiftIdentifier.type(wireName, fallback: "Value"), pointer: at.appending("schema")),
                  isParameterType(type, arrays: place == "query") && (place != "cookie" || isCookieType(type))
                    || place == "query" && parameter["style"]?.scalar == "deepObject" && isNestedValue(type) else {
                discardModels(from: modelCount)
                if required {
                    warn("parameter '\(wireName)' has a type the spec format can't send yet; the operation is left out", at: parameter.location, at)
                    return nil
                }
                warn("parameter '\(wireName)' has a type the spec format can't send yet; it is left out", at: parameter.location, at)
                continue
            }
            var arrayStyle: String?
            if place == "query", case .array = type {
                // `form` (the default) repeats the name when exploded (the default) and
                // separates with commas when not; `spaceDelimited` and `pipeDelimited` lists
                // can't be sent yet.
                switch (parameter["style"]?.scalar ?? "form", parameter["explode"]?.bool ?? true) {
                case ("form", true): arrayStyle = nil
                case ("form", false): arrayStyle = "commaSeparated"
                default:
                    discardModels(from: modelCount)
                    let style = parameter["style"]?.scalar ?? "form"
                    warn("parameter '\(wireName)' is a \(style) list, which the spec format can't send yet; \(required ? "the operation is" : "it is") left out", at: parameter.location, at)
                    if required { return nil }
                    continue
                }
            }
            if !required { type = .optional(type) }
            var field = FieldSpec(name: Named(wireName, at: parameter.location), type: type, typeLocation: schema.location)
            note(parameter.location, at)
            field.arrayStyle = arrayStyle
            field.doc = parameter["description"]?.scalar
            field.dateFormat = dateFormat(resolve(schema, pointer: at) ?? schema)
            if parameter["deprecated"]?.bool == true { field.deprecated = Deprecation(message: nil) }
            if place != "path", !required, let value = (resolve(schema, pointer: at) ?? schema)["default"], fits(value.value, type.unwrappingOptional) {
                // What the server assumes when the parameter isn't sent: said, never sent.
                field.defaultValue = value.value
            }
            switch place {
            case "path": strategy.pathParameters.append(field)
            case "query": strategy.query.append(field)
            case "header": strategy.headers.append(field)
            case "cookie": strategy.cookies.append(field)
            default: continue
            }
        }
        let placeholders = Self.placeholders(in: path)
        strategy.pathParameters.removeAll { parameter in
            guard !placeholders.contains(parameter.name.value) else { return false }
            warn("path parameter '\(parameter.name.value)' is not in the path '\(path)'; it is left out", at: parameter.name.location, pointer)
            return true
        }
        for placeholder in placeholders where !strategy.pathParameters.contains(where: { $0.name.value == placeholder }) {
            warn("path parameter '\(placeholder)' is not declared; it is taken as a string", at: location, pointer)
            strategy.pathParameters.append(FieldSpec(name: Named(placeholder, at: location), type: .named("String"), typeLocation: location))
        }

        if let body = operation["requestBody"] {
            let at = pointer.appending("requestBody")
            guard let resolved = resolve(body, pointer: at) else { return nil }
            switch requestBody(resolved, owner: name.value, pointer: at) {
            case .some(let spec): strategy.body = spec
            case .none:
                if resolved["required"]?.bool == true {
                    warn("the request body has a form the spec format can't send yet; the operation is left out", at: body.location, at)
                    return nil
                }
                warn("the request body has a form the spec format can't send yet; it is left out", at: body.location, at)
            }
        }
        (strategy.returns, strategy.unwrap) = returns(operation, owner: name.value, pointer: pointer)
        strategy.responseHeaders = responseHeaders(operation, pointer: pointer)
        strategy.pagination = paginationExtension(of: operation, strategy: name.value)
        uniqueInputNames(&strategy)
        return strategy
    }

    /// A value a query item, header or path segment can carry: a plain value or an enum, or, with
    /// `arrays`, a list of them.
    /// A single value a cookie can hold: text, a number, a Bool, a UUID or an enum.
    private func isCookieType(_ type: TypeReference) -> Bool {
        guard case .named(let name) = type else { return false }
        return TypeCatalog.scalars.contains(name) || enumModelNames.contains(name)
    }

    /// Whether `name` is an HTTP token, as header and cookie names are.
    private static func isToken(_ name: String) -> Bool {
        !name.isEmpty && name.unicodeScalars.allSatisfy(SpecDecoder.isHTTPTokenCharacter)
    }

    /// Whether a fixed value can go in a cookie as it is: RFC 6265's cookie-octets.
    private static func isCookieValue(_ value: String) -> Bool {
        value.unicodeScalars.allSatisfy { $0.isASCII && $0.value > 0x20 && $0.value < 0x7F && !"\",;\\".unicodeScalars.contains($0) }
    }

    private func isParameterType(_ type: TypeReference, arrays: Bool) -> Bool {
        switch type {
        case .named(let name): name != "File" && name != "JSON" && (TypeReference.builtins[name] != nil || enumModelNames.contains(name))
        case .array(let element): arrays && isParameterType(element, arrays: false)
        case .optional, .dictionary: false
        }
    }

    /// Takes back the models declared since `start` for something left out, unless a component
    /// schema already stands for one of them.
    private mutating func discardModels(from start: Int) {
        guard start < models.count else { return }
        let kept = Set(componentTypes.values.flatMap(\.namedTypes))
        guard !models[start...].contains(where: { kept.contains($0.name.value) }) else { return }
        for model in models[start...] {
            typeNames.remove(model.name.value)
            enumModelNames.remove(model.name.value)
        }
        models.removeSubrange(start...)
    }

    /// The one value a parameter's schema allows (`const`, or an `enum` of one value), as text
    /// that can go on the wire.
    private func constantValue(_ schema: YAMLNode) -> String? {
        let values = schema["const"].map { [$0] } ?? schema["enum"]?.items ?? []
        guard values.count == 1, let text = values[0].scalar, values[0].value != .null,
              !text.unicodeScalars.contains(where: { $0 != "\t" && $0.isControlOrLineBreak }) else { return nil }
        return text
    }

    /// Whether a default the document gives is a value of the parameter's type, as the spec
    /// format's defaults must be.
    private func fits(_ value: YAMLValue, _ type: TypeReference) -> Bool {
        guard case .named(let name) = type else { return false }
        switch (name, value) {
        case ("String", .string), ("Bool", .bool), ("Int", .int), ("Int32", .int), ("Int64", .int), ("Double", .int), ("Double", .double), ("Float", .double):
            return true
        case (_, .string(let text)):
            return models.contains { model in
                guard model.name.value == name, case .enumeration(let enumeration) = model.kind else { return false }
                return !enumeration.isInteger && enumeration.cases.contains { $0.value.value == text }
            }
        default:
            return false
        }
    }

    /// The headers the first success response declares, which the strategy reads beside its
    /// output: text, or a number or Bool as their schema says.
    private mutating func responseHeaders(_ operation: YAMLNode, pointer: JSONPointer) -> [FieldSpec] {
        let successes = (operation["responses"]?.members ?? []).filter { $0.key.hasPrefix("2") }.sorted { $0.key < $1.key }
        guard let (code, response) = successes.first else { return [] }
        let at = pointer.appending("responses").appending(code)
        guard let resolved = resolve(response, pointer: at) else { return [] }
        var fields: [FieldSpec] = []
        for (name, header) in resolved["headers"]?.members ?? [] {
            let headerAt = at.appending("headers").appending(name)
            guard !name.isEmpty, name.unicodeScalars.allSatisfy(SpecDecoder.isHTTPTokenCharacter) else {
                warn("response header '\(name)' is not a header name; it is left out", at: header.location, headerAt)
                continue
            }
            guard !fields.contains(where: { $0.name.value.lowercased() == name.lowercased() }), let header = resolve(header, pointer: headerAt) else { continue }
            let schema = header["schema"].flatMap { resolve($0, pointer: headerAt.appending("schema")) }
            let type: String = switch (schema.flatMap(schemaType), schema?["format"]?.scalar) {
            case ("integer", "int32"): "Int32"
            case ("integer", "int64"): "Int64"
            case ("integer", _): "Int"
            case ("number", _): "Double"
            case ("boolean", _): "Bool"
            default: "String"
            }
            var field = FieldSpec(name: Named(name, at: header.location), type: .named(type), typeLocation: header.location)
            field.doc = header["description"]?.scalar
            fields.append(field)
        }
        return uniqueMemberNames(fields)
    }

    /// An object model, a map of plain values, or a list of object models: what a query in the
    /// deepObject style or a form body sends with nested keys (`address[line1]=…`).
    private func isNestedValue(_ type: TypeReference) -> Bool {
        switch type {
        case .named(let name): models.contains { $0.name.value == name && { if case .object = $0.kind { true } else { false } }($0) }
        case .dictionary(let value): isParameterType(value, arrays: false)
        case .array(let element): isNestedValue(element)
        case .optional: false
        }
    }

    /// The server an operation or its path item names instead of the document's, with its
    /// variables at their defaults; `nil` when it is the document's first, or isn't one the
    /// client can reach.
    private mutating func operationServer(_ servers: YAMLNode?, pointer: JSONPointer) -> ServerSpec? {
        guard let server = servers?.items.first, var text = server["url"]?.scalar else { return nil }
        for (name, variable) in server["variables"]?.members ?? [] {
            text = text.replacingOccurrences(of: "{\(name)}", with: variable["default"]?.scalar ?? "")
        }
        guard let url = ServerURL(text), !text.contains("{") else {
            warn("server URL '\(text)' of the operation is not an absolute HTTP URL; the operation goes to the document's server", at: server.location, pointer.appending("servers").appending(0))
            return nil
        }
        if let first = root["servers"]?.items.first?["url"]?.scalar, first == server["url"]?.scalar { return nil }
        return ServerSpec(name: Named("server", at: server.location), scheme: url.scheme, host: url.host, port: url.port, basePath: url.path, doc: server["description"]?.scalar, variables: [])
    }

    private mutating func add(_ model: ModelSpec) {
        if case .enumeration = model.kind { enumModelNames.insert(model.name.value) }
        models.append(model)
    }

    /// Gives every input of a strategy (its parameters and the fields of its body) a Swift name
    /// of its own.
    private func uniqueInputNames(_ strategy: inout StrategySpec) {
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

    private mutating func requestBody(_ body: YAMLNode, owner: String, pointer: JSONPointer) -> BodySpec? {
        let content = body["content"]?.members ?? []
        if let (type, media) = content.first(where: { Self.isJSON($0.key) }), let schema = media["schema"] {
            let at = pointer.appending("content").appending(type).appending("schema")
            if let resolved = resolve(schema, pointer: at), schema.reference == nil, isObject(resolved), resolved["properties"] != nil,
               let fields = objectFields(resolved, owner: owner + "Body", pointer: at), !fields.isEmpty {
                return .jsonFields(fields)
            }
            guard let bodyType = self.type(of: schema, hint: owner + "Body", pointer: at), !bodyType.isOptional else { return nil }
            return .json(bodyType, schema.location)
        }
        for (type, media) in content where type == "application/x-www-form-urlencoded" || type == "multipart/form-data" {
            let at = pointer.appending("content").appending(type).appending("schema")
            let multipart = type == "multipart/form-data"
            filesAllowed = multipart
            defer { filesAllowed = false }
            guard let schema = media["schema"], let resolved = resolve(schema, pointer: at), isObject(resolved),
                  let fields = objectFields(resolved, owner: owner + "Form", pointer: at), !fields.isEmpty else { continue }
            guard fields.allSatisfy({ field in
                let type = field.type.unwrappingOptional
                return isParameterType(type, arrays: true) || multipart && type == .named("File") || !multipart && isNestedValue(type)
            }) else { continue }
            return multipart ? .multipart(fields) : .form(fields)
        }
        if let (type, _) = content.first {
            return .raw(contentType: type)
        }
        return nil
    }

    /// What the first success response with a JSON body holds, and where in the body when the
    /// operation or the document says to unwrap it; `Data`, the body as it came, when the
    /// successes have bodies but none is JSON (an image, a PDF, text); `nil` for none.
    private mutating func returns(_ operation: YAMLNode, owner: String, pointer: JSONPointer) -> (ReturnSpec?, Named?) {
        let responses = operation["responses"]?.members ?? []
        let successes = responses.filter { $0.key.hasPrefix("2") }.sorted { $0.key < $1.key }
        let ownUnwrap = operation[Self.unwrapExtension]
        let unwrapNode = ownUnwrap ?? root[Self.unwrapExtension]
        var raw: ReturnSpec?
        for (code, response) in successes {
            let at = pointer.appending("responses").appending(code)
            guard let resolved = resolve(response, pointer: at) else { continue }
            let content = resolved["content"]?.members ?? []
            guard let (media, body) = content.first(where: { Self.isJSON($0.key) }), var schema = body["schema"] else {
                // An image, a PDF, text: the body as it came, unless another success is JSON.
                if raw == nil, let other = content.first(where: { !Self.isJSON($0.key) }) {
                    raw = .type(.named("Data"), other.value.location)
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
            if let type = type(of: schema, hint: owner + "Output", pointer: schemaPointer), !type.isOptional, type != .named("File") {
                return (.type(type, schema.location), unwrap)
            }
            warn("the response body has a type the spec format can't say yet; the strategy returns nothing", at: schema.location, schemaPointer)
            return (nil, nil)
        }
        return (raw, nil)
    }

    /// The cases of the API's error type, one per status the operations declare: exact
    /// statuses, then `4XX` and `5XX`, then `default` when every operation agrees on its
    /// payload (without one, `default` is what `unknown` already is). A payload is kept only
    /// when every operation gives the status the same one.
    private static func statusCases(_ errorCases: [StatusCase.Status: (payload: TypeReference?, agreed: Bool, location: SourceLocation)]) -> [StatusCase] {
        errorCases.keys.sorted { $0.order < $1.order }.compactMap { status in
            let entry = errorCases[status]!
            let payload: StatusCase.Payload = entry.agreed ? entry.payload.map { .body($0) } ?? .none : .none
            if status == .other, case .none = payload { return nil }
            return StatusCase(status: status, caseName: Named(Self.caseName(for: status), at: entry.location), payload: payload)
        }
    }

    /// Each error status an operation declares (`404`, `4XX`, `default`), with the type of its
    /// JSON body if it has one.
    private mutating func errorResponses(_ operation: YAMLNode, pointer: JSONPointer) -> [(StatusCase.Status, TypeReference?, SourceLocation)] {
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
            return (status, payload.flatMap { $0.isOptional || $0 == .named("File") ? nil : $0 }, response.location)
        }
    }

    // MARK: Servers and security

    private mutating func importServers() -> [ServerSpec] {
        var servers: [ServerSpec] = []
        var names: Set<String> = []
        for (index, server) in (root["servers"]?.items ?? []).enumerated() {
            let at = JSONPointer().appending("servers").appending(index)
            guard let url = server["url"]?.scalar else { continue }
            var variables: [ServerVariable] = []
            var text = url
            for (name, variable) in server["variables"]?.members ?? [] {
                let value = variable["default"]?.scalar ?? ""
                let allowed = variable["enum"]?.items.compactMap(\.scalar) ?? []
                if text.hasPrefix("{\(name)}") || text.contains("://") == false {
                    // A variable before the host can't be chosen at run time: its default is taken.
                    text = text.replacingOccurrences(of: "{\(name)}", with: value)
                } else {
                    variables.append(ServerVariable(name: Named(name, at: variable.location), defaultValue: value, allowedValues: allowed))
                }
            }
            var scheme = "http", rest = text
            if let range = text.range(of: "://") {
                scheme = String(text[..<range.lowerBound]).lowercased()
                rest = String(text[range.upperBound...])
            } else {
                warn("server URL '\(url)' is relative; the client's server is http://localhost\(url == "/" ? "" : url) until another is chosen", at: server.location, at)
                rest = "localhost" + (text.hasPrefix("/") ? text : "/" + text)
            }
            guard scheme == "http" || scheme == "https" else {
                warn("server URL '\(url)' is not HTTP; it is left out", at: server.location, at)
                continue
            }
            let slash = rest.firstIndex(of: "/") ?? rest.endIndex
            var host = String(rest[..<slash]), port: Int?
            if let colon = host.lastIndex(of: ":"), let number = Int(host[host.index(after: colon)...]) {
                port = number
                host = String(host[..<colon])
            }
            var basePath = String(rest[slash...])
            while basePath.hasSuffix("/") { basePath.removeLast() }
            let used = variables.filter { host.contains("{\($0.name.value)}") || basePath.contains("{\($0.name.value)}") }
            var name = SwiftIdentifier.member(server["description"]?.scalar.map { String($0.prefix(40)) } ?? "", fallback: index == 0 ? "production" : "server\(index + 1)")
            if names.contains(name) { name = "server\(index + 1)" }
            names.insert(name)
            servers.append(ServerSpec(name: Named(name, at: server.location), scheme: scheme, host: host, port: port, basePath: basePath, doc: server["description"]?.scalar, variables: used))
        }
        if servers.isEmpty {
            warn("the document names no server; the client's server is http://localhost until another is chosen", at: root.location, "#")
            servers.append(ServerSpec(name: Named("local", at: root.location), scheme: "http", host: "localhost", port: nil, basePath: "", doc: nil, variables: []))
        }
        return servers
    }

    private mutating func importSecuritySchemes() -> [AuthSchemeSpec] {
        var schemes: [AuthSchemeSpec] = []
        for (key, node) in root["components"]?["securitySchemes"]?.members ?? [] {
            let at = JSONPointer().appending("components").appending("securitySchemes").appending(key)
            guard let scheme = resolve(node, pointer: at) else { continue }
            let kind: AuthSchemeSpec.Kind
            switch (scheme["type"]?.scalar, scheme["scheme"]?.scalar?.lowercased(), scheme["in"]?.scalar) {
            case ("http", "bearer", _), ("oauth2", _, _), ("openIdConnect", _, _): kind = .bearer(BearerSpec())
            case ("http", "basic", _): kind = .basic
            case ("apiKey", _, "header"): kind = .apiKey(place: .header, name: scheme["name"]?.scalar ?? key)
            case ("apiKey", _, "query"): kind = .apiKey(place: .query, name: scheme["name"]?.scalar ?? key)
            case ("apiKey", _, "cookie") where Self.isToken(scheme["name"]?.scalar ?? key):
                kind = .apiKey(place: .cookie, name: scheme["name"]?.scalar ?? key)
            default:
                warn("security scheme '\(key)' is not one the runtime sends; operations that need it are sent without it", at: node.location, at)
                continue
            }
            schemes.append(AuthSchemeSpec(name: Named(key, at: node.location), kind: kind, doc: scheme["description"]?.scalar))
        }
        var names: Set<String> = []
        for index in schemes.indices {
            var name = SwiftIdentifier.member(schemes[index].name.value, fallback: "auth"), suffix = 2
            while names.contains(name) {
                name = SwiftIdentifier.member(schemes[index].name.value, fallback: "auth") + String(suffix)
                suffix += 1
            }
            names.insert(name)
            schemeNames[schemes[index].name.value] = name
            schemes[index].name.value = name
        }
        return schemes
    }

    /// Whether a binary string may become a file: only in a multipart body.
    private var filesAllowed = false

    /// Security scheme key → the name it has in the spec.
    private var schemeNames: [String: String] = [:]

    /// The first scheme of the first requirement the runtime can send; `.none` for an empty
    /// requirement list; `nil` when none is given.
    private func authUse(_ security: YAMLNode?, schemes: [AuthSchemeSpec]) -> AuthUse? {
        guard let security else { return nil }
        for requirement in security.items {
            if requirement.members.isEmpty { return AuthUse.none }
            for (key, _) in requirement.members {
                if let name = schemeNames[key], let scheme = schemes.first(where: { $0.name.value == name }) {
                    return .scheme(Named(scheme.name.value, at: requirement.location))
                }
            }
        }
        return AuthUse.none
    }

    // MARK: References and names

    /// The node itself, or what its `$ref` names in this document; `nil`, with a warning, for a
    /// reference that leads nowhere.
    private mutating func resolve(_ node: YAMLNode, pointer: JSONPointer) -> YAMLNode? {
        let (found, problem) = lookUp(node)
        if let problem { warn(problem.message, at: problem.location, pointer) }
        return found
    }

    /// What a node stands for through its references in this document; `nil` with the problem
    /// and its place when it stands for nothing (no problem for a reference to another file
    /// that was already warned of).
    private func lookUp(_ node: YAMLNode) -> (node: YAMLNode?, problem: (message: String, location: SourceLocation)?) {
        var node = node, hops = 0
        while let target = node.reference {
            hops += 1
            guard hops <= 32 else { return (nil, ("references lead in a circle", node.location)) }
            guard target.hasPrefix("#/") else {
                let message = "'\(target)' is in another document, which is not read; what uses it is left out"
                return (nil, unresolved.contains(node.location) ? nil : (message, node.location))
            }
            guard let next = root.node(atPointer: target.dropFirst()) else {
                return (nil, ("'\(target)' names nothing in this document", node.location))
            }
            node = next
        }
        return (node, nil)
    }

    /// `#/components/schemas/Pet` → `Pet`.
    private func componentKey(_ reference: String, section: String) -> String? {
        let prefix = "#/components/\(section)/"
        guard reference.hasPrefix(prefix) else { return nil }
        let key = reference.dropFirst(prefix.count)
        guard !key.contains("/") else { return nil }
        return JSONPointer.unescaped(key)
    }

    /// `base`, or when it is taken `base` with `clashSuffix` (`ErrorModel`), then numbered.
    private mutating func uniqueTypeName(_ base: String, clashSuffix: String = "Model") -> String {
        var name = base, suffix = 2
        func isTaken(_ name: String) -> Bool {
            typeNames.contains(name) || TypeReference.builtins[name] != nil || name == "File" || SwiftName.keywords.contains(name)
        }
        if isTaken(name) {
            name = base + clashSuffix
        }
        while isTaken(name) {
            name = "\(base)\(clashSuffix)\(suffix)"
            suffix += 1
        }
        typeNames.insert(name)
        return name
    }

    private static func isJSON(_ mediaType: String) -> Bool {
        let type = mediaType.split(separator: ";").first.map { $0.trimmingCharacters(in: .whitespaces).lowercased() } ?? ""
        return type == "application/json" || type.hasSuffix("+json") || type == "*/*"
    }

    private static func placeholders(in path: String) -> [String] {
        var names: [String] = []
        var rest = Substring(path)
        while let open = rest.firstIndex(of: "{"), let close = rest[open...].firstIndex(of: "}") {
            names.append(String(rest[rest.index(after: open)..<close]))
            rest = rest[rest.index(after: close)...]
        }
        return names
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

    private mutating func warn(_ message: String, at location: SourceLocation, _ pointer: JSONPointer?) {
        warn(message, at: location, pointer.map { spellingPointers($0.description) })
    }

    /// `message`, naming the place by `pointer` as the user's document spells it.
    private mutating func warn(_ message: String, at location: SourceLocation, _ pointer: String?) {
        diagnostics.warning(pointer.map { "\(message) (\($0))" } ?? message, at: location)
    }

    /// The JSON pointer of the node written at each place the spec's names and fields come from,
    /// as the user's document spells it: validation's diagnostics name them too.
    private(set) var pointers: [SourceLocation: String] = [:]

    private mutating func note(_ location: SourceLocation, _ pointer: JSONPointer) {
        if pointers[location] == nil { pointers[location] = spellingPointers(pointer.description) }
    }
}

/// ASCII identifiers for the names a document gives, as spec names must be: ``SwiftName``'s
/// casing of the name's ASCII letters and digits, with `fallback` where nothing usable is left.
enum SwiftIdentifier {
    /// `pet-store` → `PetStore`; `fallback` when no letter or digit is left.
    static func type(_ text: String, fallback: String) -> String {
        withoutLeadingUnderscore(SwiftName.type(ascii(text)), fallback: fallback)
    }

    /// `Pet Store` → `petStore`; a name Swift reserves gets `Value` after it.
    static func member(_ text: String, fallback: String) -> String {
        let name = withoutLeadingUnderscore(SwiftName.member(ascii(text)), fallback: fallback)
        return SwiftName.keywords.contains(name) || SwiftName.unusableMembers.contains(name) ? name + "Value" : name
    }

    /// The text with every character that isn't ASCII made a separator between words.
    private static func ascii(_ text: String) -> String {
        String(text.map { $0.isASCII ? $0 : " " })
    }

    /// ``SwiftName`` marks a name that is empty or starts with a digit with `_`; here it gets
    /// `fallback` in front instead, since spec names start with a letter.
    private static func withoutLeadingUnderscore(_ name: String, fallback: String) -> String {
        guard name.hasPrefix("_") else { return name }
        let rest = name.dropFirst()
        return rest.first?.isNumber == false ? String(rest) : fallback + rest
    }
}
