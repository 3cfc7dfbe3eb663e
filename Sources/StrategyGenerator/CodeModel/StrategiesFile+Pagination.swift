extension CodeContext {
    /// `pagination` and `items(of:)`: the few lines that make a strategy a `PaginatedStrategy`.
    func paginationMembers(_ strategy: ResolvedStrategy) -> [Declaration] {
        guard let paging = strategy.paging, let output = outputType(strategy) else { return [] }
        let pagination = paging.spec, items = paging.items
        var arguments: [String] = []
        if let field = paging.parameter {
            arguments.append("\\.\(SwiftName.escaped(storageName(field)))")
        }
        func path(_ label: String, _ value: Named?) {
            if let value { arguments.append("\(label): \(SwiftName.stringLiteral(value.value))") }
        }
        let itemsPath = items.bodyPath.map { Named($0, at: pagination.location) }
        let style: String
        switch pagination.style {
        case .cursor:
            style = "cursor"
            path("next", pagination.next)
            path("items", itemsPath)
        case .afterLastItem:
            style = "afterLastItem"
            if let id = pagination.id, id.value != "id" { path("id", id) }
            path("hasMore", pagination.hasMore)
            path("items", itemsPath)
        case .offset, .page:
            style = pagination.style == .offset ? "offset" : "page"
            if pagination.style == .page, let first = pagination.firstPage, first != 1 { arguments.append("first: \(first)") }
            path("items", itemsPath)
            path("hasMore", pagination.hasMore)
            path("isLast", pagination.isLast)
            path("total", pagination.total)
            path("totalHeader", pagination.totalHeader)
            path("pagesHeader", pagination.pagesHeader)
        case .link where pagination.next != nil:
            style = "nextURL"
            path("at", pagination.next)
            path("items", itemsPath)
        case .link:
            style = "link"
            path("items", itemsPath)
        }
        // An output with the response headers holds the body's at `output`.
        var chain = strategy.responseHeaders.isEmpty ? "output" : "output.output"
        var isOptional = false
        for field in items.fields {
            chain += (isOptional ? "?." : ".") + SwiftName.escaped(memberName(field))
            isOptional = isOptional || propertyType(field).isOptional
        }
        if isOptional { chain += " ?? []" }
        return [
            .property(Property(
                access: access, name: "pagination", type: "Pagination<Input>",
                getter: [.line(".\(style)(\(arguments.joined(separator: ", ")))")]
            )),
            .function(Function(
                access: access, name: "items",
                parameters: [Function.Parameter(label: "of", name: "output", type: output)],
                returnType: "[\(swiftType(items.itemType))]",
                body: [.line(chain)]
            )),
        ]
    }
}

extension CodeContext {
    /// `func getWallPages(ownerId: Int? = nil, …) -> StrategyClient.PageSequence<GetWall>`: the pages of a
    /// paginated strategy's list, and through `.items` its items, fetched as they are needed; a
    /// deprecated twin takes the input's deprecated parts that can be left out, as the
    /// input's initializers do.
    func pagesMethods(for strategy: ResolvedStrategy) -> [Function] {
        guard strategy.paging != nil else { return [] }
        let strategyName = SwiftName.escaped(strategy.name.value)
        return initializerVariants(inputFields(strategy)).map { variant in
            let parameters = variant.fields.map { field in
                Function.Parameter(name: SwiftName.escaped(memberName(field)), type: swiftType(propertyType(field)), defaultValue: defaultArgument(field))
            }
            let send: Expression = variant.fields.isEmpty
                ? .code("client.pages(\(strategyName)(), ())")
                : passingInput(strategy, parameters.map(\.name), of: variant.fields, after: "client.pages(\(strategyName)(), ")
            return Function(
                docs: methodDocs(strategy) + ["", "The pages come one request at a time as they are asked for; `.items` gives their items."],
                attributes: deprecatedAttribute(strategy.deprecation ?? variant.deprecation),
                access: access,
                name: SwiftName.escaped(SwiftName.member(strategy.name.value) + "Pages"),
                parameters: parameters,
                returnType: "StrategyClient.PageSequence<\(strategyName)>",
                body: [.expression(send)]
            )
        }
    }
}
