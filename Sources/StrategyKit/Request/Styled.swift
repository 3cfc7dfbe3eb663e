import Foundation

/// A list, an object or a map of single values written in one of the styles OpenAPI gives
/// parameters, where the runtime's defaults would write it otherwise or not at all.
///
/// | style | in | list `[a, b]` | object `{x: 1, y: 2}`, exploded |
/// |---|---|---|---|
/// | ``Style/simple`` | path, header | `a,b` | `x,1,y,2` or `x=1,y=2` |
/// | ``Style/label`` | path | `.a,b` or `.a.b` | `.x,1,y,2` or `.x=1.y=2` |
/// | ``Style/matrix(_:)`` | path | `;id=a,b` or `;id=a;id=b` | `;id=x,1,y,2` or `;x=1;y=2` |
/// | ``Style/form`` | query, cookie | `id=a,b` or `id=a&id=b` | `id=x,1,y,2` or `x=1&y=2` |
/// | ``Style/spaceDelimited`` | query | `id=a%20b` or `id=a&id=b` | `id=x%201%20y%202` or `x=1&y=2` |
/// | ``Style/pipeDelimited`` | query | `id=a%7Cb` or `id=a&id=b` | `id=x%7C1%7Cy%7C2` or `x=1&y=2` |
///
/// An object's fields go by their wire names, in sorted order; a field that is `nil` is not
/// written, and an empty list or object writes nothing, as RFC 6570 has it. In a path each value is percent-encoded as the path's other values are, and the
/// separators are kept. A cookie can't hold a comma, so a cookie's whole value is
/// percent-encoded, separators included.
///
/// ```swift
/// Endpoint(.get, "/colors/\(Styled(input.color, .matrix("color"), explode: true))")
/// ```
@_spi(Generated) public struct Styled<Value: Encodable & Sendable>: ParameterValue {
    /// How the values are separated and prefixed.
    public enum Style: Hashable, Sendable {
        /// Comma-separated: `a,b`.
        case simple
        /// Prefixed with a dot: `.a,b`, or `.a.b` when exploded.
        case label
        /// Prefixed with `;name=`: `;name=a,b`, or `;name=a;name=b` when exploded.
        case matrix(String)
        /// Comma-separated under the parameter's name, or an item each when exploded.
        case form
        /// Space-separated under the parameter's name, or an item each when exploded.
        case spaceDelimited
        /// Pipe-separated under the parameter's name, or an item each when exploded.
        case pipeDelimited
    }

    /// The value to write; `nil` writes nothing.
    public var value: Value?
    /// How the values are separated and prefixed.
    public var style: Style
    /// Whether each value stands on its own (`a.b`, `id=a&id=b`) or the values are joined
    /// (`a,b`); an object's fields are written `x=1` when exploded.
    public var explode: Bool
    /// How dates and Bools are written outside a query; a query writes them as its encoding says.
    public var encoding: QueryEncoding

    /// Writes `value` in `style`; nothing when it is `nil`.
    public init(_ value: Value?, _ style: Style, explode: Bool = false, encoding: QueryEncoding = QueryEncoding()) {
        self.value = value
        self.style = style
        self.explode = explode
        self.encoding = encoding
    }

    /// The text for a header, or for a cookie (percent-encoded whole, as a cookie can't hold
    /// the separators); empty when there is nothing to write.
    public var parameterValue: String {
        let text = self.text(escape: { $0 })
        return style == .form ? PercentEncoding.component(text) : text
    }

    /// The text for a path: each value percent-encoded as a path's values are, the separators
    /// and prefixes kept.
    var pathText: String {
        text(escape: PercentEncoding.pathSegment)
    }

    /// The query items `value` becomes under `name`, its dates and Bools as `encoding` says.
    public func queryItems(named name: String, encoding: QueryEncoding) -> [Endpoint.QueryItem] {
        guard let shape = shape(encoding) else { return [] }
        switch shape {
        case .single(let text):
            return [Endpoint.QueryItem(name: name, value: text)]
        case .list(let values):
            if explode { return values.map { Endpoint.QueryItem(name: name, value: $0) } }
            return [Endpoint.QueryItem(name: name, value: values.joined(separator: separator))]
        case .pairs(let pairs):
            if explode { return pairs.map { Endpoint.QueryItem(name: $0.key, value: $0.value) } }
            return [Endpoint.QueryItem(name: name, value: pairs.flatMap { [$0.key, $0.value] }.joined(separator: separator))]
        }
    }

    /// What stands between two values when they are joined.
    private var separator: String {
        switch style {
        case .spaceDelimited: " "
        case .pipeDelimited: "|"
        case .simple, .label, .matrix, .form: ","
        }
    }

    /// The value written outside a query, each value and key passed through `escape`.
    private func text(escape: (String) -> String) -> String {
        guard let shape = shape(encoding) else { return "" }
        let values: [String]
        var exploded: [String]?
        switch shape {
        case .single(let text):
            values = [escape(text)]
        case .list(let list):
            values = list.map(escape)
            if explode { exploded = values }
        case .pairs(let pairs):
            values = pairs.flatMap { [escape($0.key), escape($0.value)] }
            if explode { exploded = pairs.map { escape($0.key) + "=" + escape($0.value) } }
        }
        switch style {
        case .simple, .form, .spaceDelimited, .pipeDelimited:
            return (exploded ?? values).joined(separator: exploded == nil ? separator : ",")
        case .label:
            return "." + (exploded ?? values).joined(separator: exploded == nil ? "," : ".")
        case .matrix(let name):
            let name = escape(name)
            switch shape {
            case .pairs where explode:
                return (exploded ?? []).map { ";" + $0 }.joined()
            case .list where explode:
                return values.map { ";\(name)=\($0)" }.joined()
            default:
                return ";\(name)=" + values.joined(separator: ",")
            }
        }
    }

    /// A single value, a list of them, or an object's or map's fields with their values.
    private enum Shape {
        case single(String)
        case list([String])
        case pairs([(key: String, value: String)])
    }

    private func shape(_ encoding: QueryEncoding) -> Shape? {
        guard let value else { return nil }
        // A list or a map writes itself as one query value; its elements are wanted here.
        let node: DeepNode
        if value is any ParameterValue || value is Date {
            guard let single = try? DeepObjectEncoder.node(of: value, at: []) else { return nil }
            node = single
        } else {
            let encoder = DeepObjectEncoder(codingPath: [])
            guard (try? value.encode(to: encoder)) != nil else { return nil }
            node = encoder.root.node
        }
        func text(_ node: DeepNode) -> String? {
            switch node {
            case .scalar(let text): text
            case .value(let value): value.queryItems(named: "", encoding: encoding).first?.value
            case .empty, .null, .keyed, .unkeyed: nil
            }
        }
        switch node {
        case .empty, .null:
            return nil
        case .scalar, .value:
            return text(node).map(Shape.single)
        case .unkeyed(let elements):
            let values = elements.compactMap { text($0.node) }
            return values.isEmpty ? nil : .list(values)
        case .keyed(let entries):
            let pairs = entries.keys.sorted().compactMap { key in text(entries[key]!.node).map { (key: key, value: $0) } }
            return pairs.isEmpty ? nil : .pairs(pairs)
        }
    }
}

@_spi(Generated) extension Styled: CookieValue {
    /// An exploded form-style object or map is a cookie per field, each value percent-encoded;
    /// anything else is one cookie under `name`.
    public func cookies(named name: String) -> [(name: String, value: String)] {
        if style == .form, explode, case .pairs(let pairs)? = shape(encoding) {
            return pairs.map { (name: $0.key, value: PercentEncoding.component($0.value)) }
        }
        return [(name: name, value: parameterValue)]
    }
}
