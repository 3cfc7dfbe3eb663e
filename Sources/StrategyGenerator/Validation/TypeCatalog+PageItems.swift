/// Where a paginated strategy's items are inside its output: the fields from the output down to
/// the list, and the type of one item.
struct PageItems: Hashable {
    /// The fields walked from the output to the list; empty when the output is the list.
    var fields: [FieldSpec]
    var itemType: TypeReference
    /// The key path of the items in the body, as the runtime reads it; `nil` for the whole body.
    var bodyPath: String?
}

extension TypeCatalog {
    /// Where the items of `strategy`'s pages are; a message saying why when they can't be found.
    func pageItems(of strategy: StrategySpec) -> Result<PageItems, PageItemsError> {
        let unwrap = strategy.unwrap?.value ?? ""
        let path = strategy.pagination?.items?.value ?? unwrap
        let relative: [String]
        if path == unwrap {
            relative = []
        } else if unwrap.isEmpty {
            relative = path.split(separator: ".").map(String.init)
        } else if path.hasPrefix(unwrap + ".") {
            relative = path.dropFirst(unwrap.count + 1).split(separator: ".").map(String.init)
        } else {
            return .failure(PageItemsError("the items at '\(path)' must be inside the output at '\(unwrap)'"))
        }
        // The output is a type, or an object of its own fields, which no type names.
        var current: TypeReference
        var ownFields: [FieldSpec]?
        switch strategy.returns {
        case .type(let type, _)?: current = type
        case .fields(let fields)?: (current, ownFields) = (.named(""), fields)
        case nil: return .failure(PageItemsError("a paginated strategy needs 'returns': its output is one page"))
        }
        var fields: [FieldSpec] = []
        for key in relative {
            let candidates = ownFields ?? {
                if case .named(let name) = current.unwrappingOptional { objectFields[name] ?? [] } else { [] }
            }()
            guard let field = candidates.first(where: { $0.name.value == key }) else {
                return .failure(PageItemsError("the output has no field '\(key)' on the way to the items at '\(path)'"))
            }
            fields.append(field)
            (current, ownFields) = (field.type, nil)
        }
        guard case .array(let element) = current.unwrappingOptional else {
            return .failure(PageItemsError(path.isEmpty ? "the output is not a list; set 'items' to where the list is" : "the items at '\(path)' are not a list"))
        }
        return .success(PageItems(fields: fields, itemType: element, bodyPath: path.isEmpty ? nil : path))
    }
}

struct PageItemsError: Error, Hashable {
    var message: String

    init(_ message: String) {
        self.message = message
    }
}
