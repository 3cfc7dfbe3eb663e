/// A set of values a spec names that keeps any other value a server sends, so a server that
/// adds a value breaks no decoding.
///
/// The standard library's `RawRepresentable` coding reads and writes the raw value:
///
/// ```swift
/// public struct PetStatus: OpenEnum {
///     public static var available: Self { Self("available") }
///     public static var sold: Self { Self("sold") }
///
///     public let rawValue: String
///
///     public init(rawValue: String) {
///         self.rawValue = rawValue
///     }
/// }
/// ```
///
/// Compare with `==` or match in a `switch`, which needs a `default:` for the values a spec
/// doesn't list.
public protocol OpenEnum: RawRepresentable, Codable, Hashable, Sendable, CustomStringConvertible
where RawValue: Codable & Hashable & Sendable & LosslessStringConvertible {
    /// The value `rawValue` stands for, whether the spec lists it or not.
    init(rawValue: RawValue)
}

extension OpenEnum {
    /// The value `rawValue` stands for.
    public init(_ rawValue: RawValue) {
        self.init(rawValue: rawValue)
    }

    /// A value the spec doesn't list, e.g. `.unknown("withdrawn")`.
    public static func unknown(_ rawValue: RawValue) -> Self {
        Self(rawValue: rawValue)
    }

    /// The raw value.
    public var description: String { rawValue.description }
}
