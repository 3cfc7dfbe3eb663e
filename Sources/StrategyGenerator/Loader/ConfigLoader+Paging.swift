extension SpecDecoder {
    /// The keys of `pagination` in a `strategy-gen-config.yaml` file.
    static let configPagination = ["infer", "operations"]

    /// `pagination: { infer: false, operations: { listRepos: link, search: { style: cursor, … } } }`
    func decodePagingConfig(_ node: YAMLNode) -> GeneratorConfig.Paging {
        var paging = GeneratorConfig.Paging()
        guard let body = mapping(node, "'pagination'", expecting: "a mapping such as '{ infer: false, operations: { listRepos: link } }'") else { return paging }
        checkKeys(body, allowed: Self.configPagination, in: "'pagination'")
        if let infer = body["infer"] { paging.infers = bool(infer, "'infer' of 'pagination'") ?? true }
        guard let node = body["operations"],
              let entries = mapping(node, "'operations' of 'pagination'", expecting: "a mapping of operationIds or strategy names to a kind of paging, e.g. '{ listRepos: link }'") else { return paging }
        let kinds = PaginationSpec.Kind.allCases.map(\.rawValue) + ["none"]
        for pair in entries.pairs {
            guard let operation = named(pair.key, "an operation under 'pagination'") else { continue }
            let choice: GeneratorConfig.Paging.Choice.Paging?
            if case .mapping = pair.value.kind {
                choice = decodePagination(pair.value, of: "'\(operation)' in the configuration").map { .spec($0) }
            } else if let word = oneOf(pair.value, "the paging of '\(operation)'", kinds) {
                choice = PaginationSpec.Kind(rawValue: word).map { .kind($0) } ?? GeneratorConfig.Paging.Choice.Paging.none
            } else {
                choice = nil
            }
            if let choice { paging.operations.append(GeneratorConfig.Paging.Choice(operation: operation, paging: choice)) }
        }
        return paging
    }
}
