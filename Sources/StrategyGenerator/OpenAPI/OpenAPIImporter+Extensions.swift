import Foundation

/// The document's `x-strategykit-*` extensions: pagination, errors reported in the body, and
/// the key path a response is unwrapped at.
extension OpenAPIImporter {
    mutating func noteExtension(_ name: String, _ target: ExtensionUse.Target, _ node: YAMLNode) {
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

    mutating func paginationExtension(of operation: YAMLNode, strategy: String) -> PaginationSpec? {
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
    mutating func bodyErrorExtension(named name: String) -> ErrorSpec? {
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
    mutating func schema(at path: String, in schema: YAMLNode, pointer: JSONPointer) -> (YAMLNode, JSONPointer)? {
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
}
