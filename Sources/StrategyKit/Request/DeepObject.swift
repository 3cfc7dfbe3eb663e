import Foundation

/// An object, a map or a list written into a query or a form body in the deep-object style
/// many APIs read: `address[line1]=…`, `metadata[order_id]=6735`, `items[0][price]=…`.
///
/// The value is encoded through its `Encodable` conformance, so a model's fields go by their
/// wire names. Keys of an object or a map are written in sorted order, so the same value
/// always sends the same items. A list of single values that is the whole value follows the
/// encoding's ``QueryEncoding/arrays`` style (`expand[]=customer`, or `expand=customer`); one
/// inside an object, a map or a list is always written with brackets
/// (`items[0][tax_rates][]=txr_1`), which is how the APIs that read deep objects take it,
/// whatever style the request's other lists have. A list of objects, lists or maps is numbered
/// (`items[0][price]`, `tiers[0][]=1`). Dates and Bools follow the encoding; an explicit `null`
/// becomes an empty value (`metadata[note]=`), which such APIs read as "unset".
///
/// ```swift
/// Endpoint(.post, "/v1/customers", body: .form(["address": DeepObject(address)]))
/// ```
@_spi(Generated) public struct DeepObject<Value: Encodable & Sendable>: QueryValue {
    /// The value to write; `nil` writes nothing.
    public var value: Value?

    /// Writes `value` under the name it is given; nothing when it is `nil`.
    public init(_ value: Value?) {
        self.value = value
    }

    /// The items `value` becomes under `name`; none when it is `nil` or doesn't encode.
    public func queryItems(named name: String, encoding: QueryEncoding) -> [Endpoint.QueryItem] {
        guard let value else { return [] }
        let encoder = DeepObjectEncoder(codingPath: [])
        guard (try? value.encode(to: encoder)) != nil else { return [] }
        return encoder.root.node.items(named: name, encoding: encoding)
    }
}

@_spi(Generated) extension Dictionary: QueryValue where Key == String, Value: QueryValue {
    /// Each value's items under `name[key]`, keys in sorted order: `metadata[order_id]=6735`; a
    /// list of single values in brackets, `filter[rates][]=a`, whatever the encoding's lists do.
    public func queryItems(named name: String, encoding: QueryEncoding) -> [Endpoint.QueryItem] {
        let inner = encoding.inDeepObject
        return keys.sorted().flatMap { key in self[key]!.queryItems(named: "\(name)[\(key)]", encoding: inner) }
    }
}

extension QueryEncoding {
    /// The encoding of the values inside an object, a map or a list written in the deep-object
    /// style: its lists of single values in brackets (`filter[rates][]=a`), whatever the
    /// request's own lists do. Of repeated keys (`filter[rates]=a&filter[rates]=b`) Rack and
    /// PHP, and the APIs built on them, keep only the last; comma-separated, they read one string.
    var inDeepObject: QueryEncoding {
        var encoding = self
        encoding.arrays = .brackets
        return encoding
    }
}

/// What a value encoded into, before it is written under a name.
indirect enum DeepNode {
    case empty
    case null
    case scalar(String)
    case value(any QueryValue)
    case keyed([String: Box])
    case unkeyed([Box])

    func items(named name: String, encoding: QueryEncoding) -> [Endpoint.QueryItem] {
        switch self {
        case .empty: return []
        case .null: return [Endpoint.QueryItem(name: name, value: "")]
        case .scalar(let text): return [Endpoint.QueryItem(name: name, value: text)]
        case .value(let value): return value.queryItems(named: name, encoding: encoding)
        case .keyed(let entries):
            let inner = encoding.inDeepObject
            return entries.keys.sorted().flatMap { entries[$0]!.node.items(named: "\(name)[\($0)]", encoding: inner) }
        case .unkeyed(let elements):
            // A list inside another value comes here with its encoding's lists in brackets
            // already: only a list that is the whole value is written in the request's style.
            if elements.allSatisfy(\.node.isSingleValue) {
                return singleValues(elements.map(\.node), named: name, encoding: encoding)
            }
            let inner = encoding.inDeepObject
            return elements.enumerated().flatMap { index, box in box.node.items(named: "\(name)[\(index)]", encoding: inner) }
        }
    }
}

extension DeepNode {
    /// Whether the node is one value, such as a string, a number or a date.
    var isSingleValue: Bool {
        switch self {
        case .scalar: true
        case .value(let value): value is any ParameterValue || value is Date
        case .empty, .null, .keyed, .unkeyed: false
        }
    }

    /// A list of single values, written in the encoding's array style.
    func singleValues(_ nodes: [DeepNode], named name: String, encoding: QueryEncoding) -> [Endpoint.QueryItem] {
        switch encoding.arrays {
        case .repeated:
            return nodes.flatMap { $0.items(named: name, encoding: encoding) }
        case .brackets:
            return nodes.flatMap { $0.items(named: name + "[]", encoding: encoding) }
        case .commaSeparated:
            let values = nodes.flatMap { $0.items(named: name, encoding: encoding) }.map(\.value)
            return values.isEmpty ? [] : [Endpoint.QueryItem(name: name, value: values.joined(separator: ","))]
        }
    }
}

/// Tells optionals apart from other values.
private protocol OptionalValue {}

extension Optional: OptionalValue {}

/// Tells lists and maps apart from single values.
private protocol CollectionValue {
    /// Whether the elements are lists or maps themselves.
    static var holdsCollections: Bool { get }
}

extension Array: CollectionValue {
    static var holdsCollections: Bool { Element.self is any CollectionValue.Type }
}

extension Dictionary: CollectionValue {
    static var holdsCollections: Bool { false }
}

/// A node that containers fill in after they are handed out.
final class Box {
    var node: DeepNode = .empty
}

/// An `Encoder` that records a value as a ``DeepNode`` tree.
struct DeepObjectEncoder: Encoder {
    let codingPath: [any CodingKey]
    var userInfo: [CodingUserInfoKey: Any] { [:] }
    let root = Box()

    func container<Key: CodingKey>(keyedBy type: Key.Type) -> KeyedEncodingContainer<Key> {
        if case .keyed = root.node {} else { root.node = .keyed([:]) }
        return KeyedEncodingContainer(KeyedContainer<Key>(box: root, codingPath: codingPath))
    }

    func unkeyedContainer() -> any UnkeyedEncodingContainer {
        if case .unkeyed = root.node {} else { root.node = .unkeyed([]) }
        return UnkeyedContainer(box: root, codingPath: codingPath)
    }

    func singleValueContainer() -> any SingleValueEncodingContainer {
        SingleValueContainer(box: root, codingPath: codingPath)
    }

    /// The node `value` encodes into: query values as they write themselves, others through
    /// their own `encode(to:)`.
    static func node(of value: some Encodable, at codingPath: [any CodingKey]) throws -> DeepNode {
        if let url = value as? URL { return .scalar(url.absoluteString) }
        // An optional encodes itself, so an explicit `nil` is kept as `null`; a list of lists or
        // of maps too, so each of its elements is numbered as an object in a list is
        // (`tiers[0][]=1`), where the list would write them all under one name.
        if !(value is any OptionalValue), (type(of: value) as? any CollectionValue.Type)?.holdsCollections != true,
           let value = value as? any QueryValue {
            return .value(value)
        }
        let encoder = DeepObjectEncoder(codingPath: codingPath)
        try value.encode(to: encoder)
        return encoder.root.node
    }
}

private struct KeyedContainer<Key: CodingKey>: KeyedEncodingContainerProtocol {
    let box: Box
    let codingPath: [any CodingKey]

    private func set(_ node: DeepNode, for key: Key) -> Box {
        guard case .keyed(var entries) = box.node else { return Box() }
        let child = Box()
        child.node = node
        entries[key.stringValue] = child
        box.node = .keyed(entries)
        return child
    }

    mutating func encodeNil(forKey key: Key) throws { _ = set(.null, for: key) }
    mutating func encode(_ value: Bool, forKey key: Key) throws { _ = set(.value(value), for: key) }
    mutating func encode(_ value: String, forKey key: Key) throws { _ = set(.scalar(value), for: key) }

    mutating func encode<T: Encodable>(_ value: T, forKey key: Key) throws {
        _ = set(try DeepObjectEncoder.node(of: value, at: codingPath + [key]), for: key)
    }

    mutating func nestedContainer<NestedKey: CodingKey>(keyedBy keyType: NestedKey.Type, forKey key: Key) -> KeyedEncodingContainer<NestedKey> {
        KeyedEncodingContainer(KeyedContainer<NestedKey>(box: set(.keyed([:]), for: key), codingPath: codingPath + [key]))
    }

    mutating func nestedUnkeyedContainer(forKey key: Key) -> any UnkeyedEncodingContainer {
        UnkeyedContainer(box: set(.unkeyed([]), for: key), codingPath: codingPath + [key])
    }

    mutating func superEncoder() -> any Encoder { DeepObjectEncoder(codingPath: codingPath) }
    mutating func superEncoder(forKey key: Key) -> any Encoder { DeepObjectEncoder(codingPath: codingPath + [key]) }
}

private struct UnkeyedContainer: UnkeyedEncodingContainer {
    let box: Box
    let codingPath: [any CodingKey]

    var count: Int {
        if case .unkeyed(let elements) = box.node { elements.count } else { 0 }
    }

    private func append(_ node: DeepNode) -> Box {
        guard case .unkeyed(var elements) = box.node else { return Box() }
        let child = Box()
        child.node = node
        elements.append(child)
        box.node = .unkeyed(elements)
        return child
    }

    mutating func encodeNil() throws { _ = append(.null) }
    mutating func encode(_ value: String) throws { _ = append(.scalar(value)) }
    mutating func encode(_ value: Bool) throws { _ = append(.value(value)) }

    mutating func encode<T: Encodable>(_ value: T) throws {
        _ = append(try DeepObjectEncoder.node(of: value, at: codingPath))
    }

    mutating func nestedContainer<NestedKey: CodingKey>(keyedBy keyType: NestedKey.Type) -> KeyedEncodingContainer<NestedKey> {
        KeyedEncodingContainer(KeyedContainer<NestedKey>(box: append(.keyed([:])), codingPath: codingPath))
    }

    mutating func nestedUnkeyedContainer() -> any UnkeyedEncodingContainer {
        UnkeyedContainer(box: append(.unkeyed([])), codingPath: codingPath)
    }

    mutating func superEncoder() -> any Encoder { DeepObjectEncoder(codingPath: codingPath) }
}

private struct SingleValueContainer: SingleValueEncodingContainer {
    let box: Box
    let codingPath: [any CodingKey]

    mutating func encodeNil() throws { box.node = .null }
    mutating func encode(_ value: Bool) throws { box.node = .value(value) }
    mutating func encode(_ value: String) throws { box.node = .scalar(value) }

    mutating func encode<T: Encodable>(_ value: T) throws {
        box.node = try DeepObjectEncoder.node(of: value, at: codingPath)
    }
}
