/// A path as a spec writes it, `/users/{id}/posts`: literal text and `{name}` placeholders.
public struct PathTemplate: Hashable, Sendable {
    public enum Part: Hashable, Sendable {
        case literal(String)
        case placeholder(String)
    }

    public let parts: [Part]

    public init(_ template: String) {
        var parts: [Part] = []
        var rest = Substring(template)
        while let open = rest.firstIndex(of: "{"), let close = rest[open...].firstIndex(of: "}") {
            if open > rest.startIndex { parts.append(.literal(String(rest[..<open]))) }
            parts.append(.placeholder(String(rest[rest.index(after: open)..<close])))
            rest = rest[rest.index(after: close)...]
        }
        if !rest.isEmpty { parts.append(.literal(String(rest))) }
        self.parts = parts
    }

    public var placeholders: [String] {
        parts.compactMap { if case .placeholder(let name) = $0 { name } else { nil } }
    }
}
