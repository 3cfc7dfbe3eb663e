import Foundation

/// Reading an OpenAPI document's nodes: members by key, references, and the JSON pointer that
/// names a place in messages.
extension YAMLNode {
    /// The value of `key` in a mapping; `nil` for another kind of node or a missing key.
    subscript(key: String) -> YAMLNode? {
        guard case .mapping(let pairs) = kind else { return nil }
        return pairs.first { $0.key.scalar == key }?.value
    }

    /// A mapping's members with scalar keys, in the order written; none for another kind.
    var members: [(key: String, value: YAMLNode)] {
        guard case .mapping(let pairs) = kind else { return [] }
        return pairs.compactMap { pair in pair.key.scalar.map { (key: $0, value: pair.value) } }
    }

    /// A sequence's items; none for another kind.
    var items: [YAMLNode] {
        if case .sequence(let items) = kind { items } else { [] }
    }

    /// `$ref`'s target when this node is a reference object.
    var reference: String? {
        self["$ref"]?.scalar
    }

    /// The node a JSON pointer (`/paths/~1pets/get`, or empty for this node) names inside this one.
    func node(atPointer pointer: Substring) -> YAMLNode? {
        guard !pointer.isEmpty else { return self }
        var found: YAMLNode? = self
        for token in pointer.drop(while: { $0 == "/" }).split(separator: "/", omittingEmptySubsequences: false) {
            let key = JSONPointer.unescaped(token)
            if let index = Int(key), case .sequence(let items)? = found?.kind {
                found = items.indices.contains(index) ? items[index] : nil
            } else {
                found = found?[key]
            }
        }
        return found
    }

    /// A scalar read as YAML types it: `true`, `false`, or nothing.
    var bool: Bool? {
        if case .bool(let value) = value { value } else { nil }
    }
}

/// `#/paths/~1pets~1{id}/get`: a place in the document, for messages.
struct JSONPointer: CustomStringConvertible {
    private(set) var tokens: [String] = []

    init() {}

    /// The pointer a reference within the document names: `#/components/parameters/limit/schema`.
    init?(reference: String) {
        guard reference.hasPrefix("#") else { return nil }
        let path = reference.dropFirst()
        guard !path.isEmpty else { return }
        guard path.hasPrefix("/") else { return nil }
        tokens = path.dropFirst().split(separator: "/", omittingEmptySubsequences: false).map(JSONPointer.unescaped)
    }

    func appending(_ token: String) -> JSONPointer {
        var pointer = self
        pointer.tokens.append(token)
        return pointer
    }

    func appending(_ index: Int) -> JSONPointer {
        appending(String(index))
    }

    /// A pointer's token as the key it names: `~1` is `/`, `~0` is `~`, and percent-encoding
    /// (which references in URLs use) is undone.
    static func unescaped(_ token: Substring) -> String {
        guard token.utf8.contains(where: { $0 == UInt8(ascii: "~") || $0 == UInt8(ascii: "%") }) else { return String(token) }
        let key = token.replacingOccurrences(of: "~1", with: "/").replacingOccurrences(of: "~0", with: "~")
        return key.removingPercentEncoding ?? key
    }

    var description: String {
        var text = "#"
        for token in tokens {
            text += "/"
            if token.utf8.contains(where: { $0 == UInt8(ascii: "~") || $0 == UInt8(ascii: "/") }) {
                text += token.replacingOccurrences(of: "~", with: "~0").replacingOccurrences(of: "/", with: "~1")
            } else {
                text += token
            }
        }
        return text
    }
}
