import Foundation

/// The operations a configuration selects, and the component schemas they reach.
extension OpenAPIImporter {
    func isSelected(_ operation: YAMLNode, path: String) -> Bool {
        guard let selection else { return true }
        return selection.selects(tags: operation["tags"]?.items.compactMap(\.scalar) ?? [], operationId: operation["operationId"]?.scalar, path: path)
    }

    /// Notes which component schemas the selected operations reach, through every reference
    /// (parameters, responses and schemas of the components included), and warns of each selector
    /// that selects nothing.
    mutating func selectOperations(_ selection: GeneratorConfig.OperationSelection) {
        var reached: Set<String> = [], visited: Set<String> = []
        var pending: [YAMLNode] = []
        var usedTags: Set<String> = [], usedIds: Set<String> = [], usedPaths: Set<String> = []
        for (path, item) in root["paths"]?.members ?? [] {
            let item = resolve(item, pointer: JSONPointer().appending("paths").appending(path)) ?? item
            var any = false
            for method in Self.methods {
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
}
