/// A list written in a style of its own, whatever the request's ``QueryEncoding`` says for
/// other lists: an API that takes `fields=id,name` in one parameter and `tag=a&tag=b` in another
/// (OpenAPI's per-parameter `style` and `explode`).
///
/// ```swift
/// Endpoint(.get, "/files", query: ["fields": ArrayStyled(fields, .commaSeparated), "tag": tags])
/// ```
@_spi(Generated) public struct ArrayStyled<Value: QueryValue>: QueryValue {
    /// The list to write; `nil` writes nothing.
    public var value: Value?
    /// How the list becomes query items.
    public var style: QueryEncoding.ArrayStyle

    /// Writes `value` in `style`; nothing when it is `nil`.
    public init(_ value: Value?, _ style: QueryEncoding.ArrayStyle) {
        self.value = value
        self.style = style
    }

    /// The items `value` becomes under `name`, with the encoding's dates and Bools and this
    /// list's own style.
    public func queryItems(named name: String, encoding: QueryEncoding) -> [Endpoint.QueryItem] {
        var encoding = encoding
        encoding.arrays = style
        return value?.queryItems(named: name, encoding: encoding) ?? []
    }
}
