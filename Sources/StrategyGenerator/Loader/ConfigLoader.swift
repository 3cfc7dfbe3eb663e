/// Reads a `strategy-gen-config.yaml` file into a ``GeneratorConfig``, reporting every problem
/// as a diagnostic at its place in the file.
public enum ConfigLoader {
    public static func load(contentsOf path: String) throws(DiagnosticsError) -> GeneratorConfig {
        try load(text: SpecLoader.readText(path, what: "the configuration"), file: path)
    }

    /// Reads a configuration from its text, as if read from `file`.
    public static func load(text: String, file: String) throws(DiagnosticsError) -> GeneratorConfig {
        let root: YAMLNode?
        switch YAMLDocument.parse(text, file: file) {
        case .success(let node): root = node
        case .failure(let error): throw error.explainingTabs(in: text)
        }
        let decoder = SpecDecoder(file: file)
        let config = decoder.decodeConfig(root)
        guard !decoder.diagnostics.hasErrors else { throw DiagnosticsError(decoder.diagnostics.diagnostics.sortedByLocation()) }
        return config
    }
}

extension SpecDecoder {
    /// An empty file is the default configuration.
    func decodeConfig(_ root: YAMLNode?) -> GeneratorConfig {
        var config = GeneratorConfig(file: file)
        guard let root else { return config }
        guard let top = mapping(root, "the configuration", expecting: "a mapping with keys such as 'access' and 'generate'") else {
            return config
        }
        checkKeys(top, allowed: SpecKeys.config, in: "the configuration")
        config.access = top["access"].flatMap(accessLevel)
        if let node = top["generate"] {
            config.parts = decodeParts(node)
        }
        config.imports = top["imports"].flatMap { list($0, "'imports'") }?.compactMap { identifier($0, "a module to import")?.value } ?? []
        if let node = top["models"], let models = mapping(node, "'models'", expecting: "a mapping such as '{ conformances: [Equatable] }'") {
            checkKeys(models, allowed: SpecKeys.configModels, in: "'models'")
            let allowed = GeneratorConfig.ModelConformance.allCases
            let names = models["conformances"].flatMap { list($0, "'conformances'") }?
                .compactMap { oneOf($0, "a conformance of models", allowed.map(\.rawValue)) } ?? []
            config.modelConformances = allowed.filter { names.contains($0.rawValue) }
        }
        if let node = top["rename"], let entries = mapping(node, "'rename'", expecting: "a mapping of spec names to Swift names, e.g. '{ User: Account }'") {
            for pair in entries.pairs {
                guard let from = named(pair.key, "a name in 'rename'"), let to = identifier(pair.value, "the new name of '\(from)'") else { continue }
                if let builtIn = BuiltIn(rawValue: from.value), builtIn != .data {
                    diagnostics.error("'\(from)' is a built-in type; only the spec's own names can be renamed", at: from.location)
                }
                config.renames.append(GeneratorConfig.Rename(from: from, to: to.value))
            }
        }
        if let node = top["importWarnings"], let value = oneOf(node, "'importWarnings'", ["shown", "quiet"]), value == "quiet" {
            config.quietImportWarnings = node.location
        }
        if let node = top["pagination"] { config.paging = decodePagingConfig(node) }
        if let node = top["operations"], let entries = mapping(node, "'operations'", expecting: "a mapping such as '{ tags: [pets], operationIds: [getPet], paths: [/pets] }'") {
            checkKeys(entries, allowed: SpecKeys.configOperations, in: "'operations'")
            var selection = GeneratorConfig.OperationSelection(location: node.location)
            func names(_ key: String, _ what: String) -> [Named] {
                entries[key].flatMap { list($0, "'\(key)'") }?.compactMap { named($0, what) } ?? []
            }
            selection.tags = names("tags", "a tag")
            selection.operationIds = names("operationIds", "an operationId")
            selection.paths = names("paths", "a path prefix")
            for path in selection.paths where !path.value.hasPrefix("/") {
                diagnostics.error("path prefix '\(path)' must start with '/', as the document's paths do", at: path.location)
            }
            if selection.tags.isEmpty && selection.operationIds.isEmpty && selection.paths.isEmpty {
                diagnostics.error("'operations' selects nothing; list 'tags', 'operationIds' or 'paths'", at: node.location)
            }
            config.operations = selection
        }
        return config
    }

    private func decodeParts(_ node: YAMLNode) -> [GeneratorConfig.Part] {
        let allParts = GeneratorConfig.Part.allCases
        guard let items = list(node, "'generate'") else { return allParts }
        guard !items.isEmpty else {
            diagnostics.error("'generate' names no part; list some of " + allParts.map { "'\($0.rawValue)'" }.joined(separator: ", "), at: node.location)
            return allParts
        }
        let chosen = Set(items.compactMap { oneOf($0, "a part in 'generate'", allParts.map(\.rawValue)) }.compactMap(GeneratorConfig.Part.init))
        for part in allParts where chosen.contains(part) {
            for needed in part.requires where !chosen.contains(needed) {
                diagnostics.error("the \(part.rawValue) part needs the \(needed.rawValue) part; add '\(needed.rawValue)' to 'generate'", at: node.location)
            }
        }
        return allParts.filter(chosen.contains)
    }
}
