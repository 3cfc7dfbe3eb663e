/// A value that is one of several types: told apart by a discriminator property when it has
/// one, otherwise by trying each type in the order written (OpenAPI's `oneOf`, with or without
/// a `discriminator`).
public struct UnionSpec: Hashable, Sendable {
    /// The property every variant has whose value names the variant, e.g. `type`; `nil` when
    /// the variants are tried in order.
    public var discriminator: Named?
    public var variants: [UnionVariant]
}

/// One type a union's value may be.
public struct UnionVariant: Hashable, Sendable {
    public var type: TypeReference
    public var typeLocation: SourceLocation
    /// The discriminator's value that selects this variant (a key of OpenAPI's `mapping`).
    public var value: Named?
    /// How a date variant is written, when not as the spec's default.
    public var dateFormat: DateFormatSpec? = nil
}

extension ModelSpec {
    /// The types a model holds: its fields' types, or its variants'.
    public var memberTypes: [TypeReference] {
        switch kind {
        case .object(let fields): fields.map(\.type) + (additionalProperties.map { [.dictionary($0)] } ?? [])
        case .enumeration: []
        case .union(let union): union.variants.map(\.type)
        }
    }

    /// The union a model is, if it is one.
    public var union: UnionSpec? {
        if case .union(let union) = kind { union } else { nil }
    }
}

extension UnionVariant {
    /// The Swift name of the variant's case: the discriminator's value, or one derived from the
    /// type (`PrivateUser` → `privateUser`, `[Tag]` → `tagList`, `[String: Int]` → `intMap`).
    public var caseName: String {
        if let value { return SwiftName.enumCase(value.value) }
        return Self.caseName(of: type)
    }

    private static func caseName(of type: TypeReference) -> String {
        switch type {
        case .builtIn(let type): SwiftName.member(type.rawValue)
        case .named(let name): SwiftName.member(name)
        case .optional(let wrapped): caseName(of: wrapped)
        case .array(let element): caseName(of: element) + "List"
        case .dictionary(let value): caseName(of: value) + "Map"
        }
    }
}

extension FieldSpec {
    /// Whether the field may be missing and may be `null`, three states a request tells apart:
    /// an optional type that is also `nullable`.
    public var isThreeState: Bool {
        nullable && type.isOptional
    }
}
