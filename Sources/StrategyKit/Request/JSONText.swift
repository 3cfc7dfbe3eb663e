import Foundation

/// A value written into a form, a query or a header as its JSON text, `address={"city":"Paris"}`.
///
/// Two ways of OpenAPI's lead here:
/// - an object in an `application/x-www-form-urlencoded` body whose encoding names no style is
///   written in its content type, `application/json`; a list writes an item per element, each
///   its JSON text, as a list's content type is its elements' (``init(_:)``);
/// - a parameter whose `content` is `application/json` is its whole value's JSON text, a list
///   included: `filters=[{"tag":"a"}]` (``init(whole:)``).
///
/// The text is what ``RequestBody/json(_:encoder:)`` sends: keys sorted, UUIDs in lower case.
///
/// ```swift
/// Endpoint(.post, "/orders", body: .form(["address": JSONText(address)]))
/// Endpoint(.get, "/pets", query: ["filters": JSONText(whole: filters)])
/// ```
@_spi(Generated) public struct JSONText<Value: Encodable & Sendable>: ParameterValue {
    /// The value to write; `nil` writes nothing.
    public var value: Value?
    /// Whether a list is one text rather than one per element.
    public var isWhole: Bool

    /// Writes `value` as JSON under the name it is given, a list a text per element; nothing
    /// when it is `nil`.
    public init(_ value: Value?) {
        self.value = value
        self.isWhole = false
    }

    /// Writes the whole of `value` as one JSON text, a list included; nothing when it is `nil`.
    public init(whole value: Value?) {
        self.value = value
        self.isWhole = true
    }

    /// The whole value's JSON text, for a header; empty when it is `nil` or doesn't encode.
    public var parameterValue: String {
        value.flatMap { jsonText(of: $0) } ?? ""
    }

    /// An item of `value`'s JSON text under `name`, or one per element of a list unless the
    /// text is whole; none when it is `nil` or doesn't encode.
    public func queryItems(named name: String, encoding: QueryEncoding) -> [Endpoint.QueryItem] {
        guard let value else { return [] }
        let elements = isWhole ? nil : (value as? any JSONElements)?.elementTexts
        let texts = elements ?? [jsonText(of: value)]
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
