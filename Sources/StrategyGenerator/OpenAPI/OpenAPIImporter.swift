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
    var diagnostics = DiagnosticCollector()

    /// Component schema key → the model it became, or the type it stands for.
    var componentTypes: [String: TypeReference] = [:]
    /// The models the document's component schemas became, by name.
    var componentModelNames: Set<String> { Set(componentTypes.values.compactMap(\.modelName)) }

    /// Component schema keys and references being converted, to stop at a reference to itself.
    var converting: Set<String> = []

    /// The references of `allOf` parts whose fields are being gathered, to stop at a part that
    /// includes the schema it is part of.
    var flattening: Set<String> = []

    /// Reference of an `allOf` part → the fields it brings, gathered once.
    var gatheredFields: [String: [FieldSpec]] = [:]

    /// The example of the response the operation being imported returns, found with its type.
    var returnedExample: (YAMLValue, SourceLocation)?

    /// How many schemas are being converted inside each other.
    var nesting = 0
    /// How many times a schema was left out for nesting too deep.
    var nestingCutShort = 0

    /// Reference → the type of the schema it names, for references to schemas outside the
    /// component schemas.
    var referencedTypes: [String: TypeReference?] = [:]

    var models: [ModelSpec] = []
    /// Where the last model of each name is in `models`, so that looking one up doesn't walk them
    /// all; kept by ``add(_:)`` and ``discardModels(from:)``, the only ones that add or take away.
    var modelPlaces: [String: Int] = [:]

    /// The names of the enum models among them, which parameters may take.
    var enumModelNames: Set<String> = []

    /// Type names taken: the runtime's, Swift's, and those already given.
    var typeNames: Set<String>

    /// How a pointer into `root` is spelled in messages: as is, or as the document the user
    /// wrote names the same place (a converted Swagger 2.0 document).
    let spellingPointers: (String) -> String

    /// The places of references to other files that couldn't be read, already warned about.
    let unresolved: Set<SourceLocation>

    /// The operations to import; all of them when `nil`.
    let selection: GeneratorConfig.OperationSelection?

    /// The members of each section of `components` by name, so that a reference to one is found
    /// without a walk through the section's keys.
    let components: [String: [String: YAMLNode]]

    init(root: YAMLNode, file: String, selection: GeneratorConfig.OperationSelection? = nil, unresolved: Set<SourceLocation> = [], spellingPointers: @escaping (String) -> String = { $0 }) {
        self.root = root
        self.file = file
        self.selection = selection
        self.unresolved = unresolved
        self.spellingPointers = spellingPointers
        components = Dictionary(
            (root["components"]?.members ?? []).map { ($0.key, Dictionary($0.value.members, uniquingKeysWith: { first, _ in first })) },
            uniquingKeysWith: { first, _ in first }
        )
        typeNames = Set(Vocabulary.namesGeneratedCodeUses.keys)
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
        var operationErrors: [[ErrorResponse]] = []
        var tags: [(tag: String, location: SourceLocation, strategies: [Named])] = []
        let defaultAuth = authUse(root["security"], schemes: authSchemes)
        // Several ways to authenticate aren't a default of the spec format's: each operation
        // that inherits them takes them.
        var inheritedAuth = AuthUse.inherited
        if case .anyOf(let ways)? = defaultAuth { inheritedAuth = .anyOf(ways) }

        let paths = root["paths"]
        operationNames = strategyNames(paths)
        for (path, item) in paths?.members ?? [] {
            let pointer = JSONPointer().appending("paths").appending(path)
            let item = resolve(item, pointer: pointer) ?? item
            note(item.location, pointer)
            let shared = item["parameters"]?.items ?? []
            for method in Self.methods {
                guard let operation = item[method], isSelected(operation, path: path) else { continue }
                let at = pointer.appending(method)
                let modelCount = models.count
                guard var strategy = importOperation(operation, method: method, path: path, shared: shared, pointer: at, location: item.location) else {
                    discardModels(from: modelCount)
                    continue
                }
                strategy.auth = authUse(operation["security"], schemes: authSchemes) ?? inheritedAuth
                strategy.server = operationServer(operation["servers"] ?? item["servers"], pointer: operation["servers"] != nil ? at : pointer)
                operationErrors.append(errorResponses(operation, pointer: at))
                for var strategy in streamShapes(of: strategy, operation, pointer: at) {
                    accept(&strategy, operation)
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
        }

        warnOfUnusedPagingChoices()
        var errors: [ErrorSpec] = []
        let errorCases = Self.errorCases(operationErrors)
        let bodyErrors = bodyErrorExtension(named: apiName + "Error")
        if !errorCases.isEmpty || bodyErrors != nil {
            let errorName = uniqueTypeName(apiName + "Error")
            let plain = ErrorSpec(name: Named(errorName, at: name.location), doc: nil, bodyKey: nil, codePath: nil, messagePath: nil, codeCases: [], statusCases: statusCases(errorCases))
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
        boxRecursiveFields()

        return APISpec(
            file: file,
            name: name,
            doc: (root["info"]?["description"]?.scalar).map(Self.markdown) ?? title?.scalar,
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

    var extensionUses: [ExtensionUse] = []

    /// The configuration's paging, and the operations it named that were found.
    var paging = PagingState()

    /// The API's error type as the responses alone make it, for when its extension is left out.
    private(set) var errorsWithoutExtension: ErrorSpec?

    /// The component schema keys the selected operations reach; every key when all are imported.
    var reachedSchemas: Set<String>?

    /// Component schemas that aren't models, converted when first used.
    var aliasSchemas: [String: (schema: YAMLNode, pointer: JSONPointer)] = [:]

    /// Whether a binary string may become a file: only in a multipart body.
    var filesAllowed = false
    /// Whether the fields being read are a form's or a multipart body's, where values are text.
    var readingForm = false
    /// The strategy name of each operation, by its pointer, where it isn't its id's: the id
    /// without its tag's prefix.
    var operationNames: [String: String] = [:]
    /// The model each inline schema became, by where it is written and whether files were
    /// allowed there: a schema reached again (through an `allOf` that includes its owner, or a
    /// response shared by many operations) is the same type, not another one like it.
    var inlineModels: [InlineSchema: String] = [:]

    struct InlineSchema: Hashable {
        var location: SourceLocation
        var filesAllowed: Bool
    }

    /// Security scheme key → the name it has in the spec.
    var schemeNames: [String: String] = [:]

    mutating func warn(_ message: String, at location: SourceLocation, _ pointer: JSONPointer?) {
        warn(message, at: location, pointer.map { spellingPointers($0.description) })
    }

    /// `message`, naming the place by `pointer` as the user's document spells it.
    mutating func warn(_ message: String, at location: SourceLocation, _ pointer: String?) {
        diagnostics.warning(pointer.map { "\(message) (\($0))" } ?? message, at: location)
    }

    /// The JSON pointer of the node written at each place the spec's names and fields come from,
    /// as the user's document spells it: validation's diagnostics name them too.
    private(set) var pointers: [SourceLocation: String] = [:]

    mutating func note(_ location: SourceLocation, _ pointer: JSONPointer) {
        if pointers[location] == nil { pointers[location] = spellingPointers(pointer.description) }
    }
}
