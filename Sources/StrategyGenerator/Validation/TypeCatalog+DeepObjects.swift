extension TypeCatalog {
    /// What a query item or a form field sends in the deep-object style (`address[line1]=…`,
    /// OpenAPI's `style: deepObject`): an object model, a map, or a list of them, optional or not.
    func isDeepObject(_ type: TypeReference) -> Bool {
        switch type {
        case .optional(let wrapped): isDeepObject(wrapped)
        case .array(let element): !element.isOptional && isDeepObject(element)
        case .dictionary(let value): isQueryValue(value) || isDeepObject(value)
        case .named(let name): objectFields[name] != nil
        }
    }

    /// Whether a deep object needs the runtime's encoder, or writes itself as a map of single values.
    func needsDeepObjectEncoder(_ type: TypeReference) -> Bool {
        switch type.unwrappingOptional {
        case .dictionary(let value): !isQueryValue(value)
        default: isDeepObject(type)
        }
    }
}
