import Foundation

/// A value written into a form or a query as its JSON text, `address={"city":"Paris"}`: how
/// OpenAPI sends an object in an `application/x-www-form-urlencoded` body whose encoding names
/// no style (its content type is then `application/json`). A list writes an item per element,
/// each its JSON text, as a list's content type is its elements'.
///
/// The text is what ``RequestBody/json(_:encoder:)`` sends: keys sorted, UUIDs in lower case.
///
/// ```swift
/// Endpoint(.post, "/orders", body: .form(["address": JSONText(address)]))
/// ```
@_spi(Generated) public struct JSONText<Value: Encodable & Sendable>: QueryValue {
    /// The value to write; `nil` writes nothing.
    public var value: Value?

    /// Writes `value` as JSON under the name it is given; nothing when it is `nil`.
    public init(_ value: Value?) {
        self.value = value
    }

    /// An item of `value`'s JSON text under `name`, or one per element of a list; none when it
    /// is `nil` or doesn't encode.
    public func queryItems(named name: String, encoding: QueryEncoding) -> [Endpoint.QueryItem] {
        guard let value else { return [] }
        let texts = (value as? any JSONElements)?.elementTexts ?? [jsonText(of: value)]
        return texts.compactMap { $0.map { Endpoint.QueryItem(name: name, value: $0) } }
    }
}

/// `value` as JSON text, as a JSON body sends it.
private func jsonText(of value: some Encodable) -> String? {
    (try? RequestBody.json(value)).map { String(decoding: $0.data, as: UTF8.self) }
}

/// A list, whose elements are written one by one.
private protocol JSONElements {
    var elementTexts: [String?] { get }
}

extension Array: JSONElements where Element: Encodable {
    var elementTexts: [String?] { map { jsonText(of: $0) } }
}
