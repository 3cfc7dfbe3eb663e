import Foundation

/// References: what a `$ref` names in the document.
extension OpenAPIImporter {
    /// The node itself, or what its `$ref` names in this document; `nil`, with a warning, for a
    /// reference that leads nowhere.
    mutating func resolve(_ node: YAMLNode, pointer: JSONPointer) -> YAMLNode? {
        let (found, problem) = lookUp(node)
        if let problem { warn(problem.message, at: problem.location, pointer) }
        return found
    }

    /// What a node stands for through its references in this document; `nil` with the problem
    /// and its place when it stands for nothing (no problem for a reference to another file
    /// that was already warned of).
    func lookUp(_ node: YAMLNode) -> (node: YAMLNode?, problem: (message: String, location: SourceLocation)?) {
        var node = node, hops = 0
        while let target = node.reference {
            hops += 1
            guard hops <= 32 else { return (nil, ("references lead in a circle", node.location)) }
            guard target.hasPrefix("#/") else {
                let message = "'\(target)' is in another document, which is not read; what uses it is left out"
                return (nil, unresolved.contains(node.location) ? nil : (message, node.location))
            }
            guard let next = component(target) ?? root.node(atPointer: target.dropFirst()) else {
                return (nil, ("'\(target)' names nothing in this document", node.location))
            }
            node = next
        }
        return (node, nil)
    }

    /// The component `#/components/SECTION/NAME` names, found by its name; `nil` for any other
    /// pointer.
    private func component(_ reference: String) -> YAMLNode? {
        let prefix = "#/components/"
        guard reference.hasPrefix(prefix) else { return nil }
        let tokens = reference.dropFirst(prefix.count).split(separator: "/", maxSplits: 2, omittingEmptySubsequences: false)
        guard tokens.count == 2 else { return nil }
        return components[JSONPointer.unescaped(tokens[0])]?[JSONPointer.unescaped(tokens[1])]
    }

    /// `#/components/schemas/Pet` → `Pet`.
    func componentKey(_ reference: String, section: String) -> String? {
        let prefix = "#/components/\(section)/"
        guard reference.hasPrefix(prefix) else { return nil }
        let key = reference.dropFirst(prefix.count)
        guard !key.contains("/") else { return nil }
        return JSONPointer.unescaped(key)
    }
}
