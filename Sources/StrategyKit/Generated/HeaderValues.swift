import Foundation

@_spi(Generated) extension HTTPFields {
    /// The value of the field `name`, or `nil` when the response has none (or `name` is not a
    /// field name). Fields sent more than once are joined with `, `.
    @_spi(Generated) public func value(_ name: String) -> String? {
        HTTPField.Name(name).flatMap { self[$0] }
    }

    /// The value of the field `name` as `type` (such as `Int` for `X-RateLimit-Remaining`), or
    /// `nil` when the response has none or it doesn't read as `type`.
    @_spi(Generated) public func value<Value: LosslessStringConvertible>(_ name: String, as type: Value.Type) -> Value? {
        value(name).flatMap { Value($0.trimmingCharacters(in: .whitespaces)) }
    }

    /// The value of the field `name`, which the response must have (a header the API documents
    /// as required); throws `DecodingError.valueNotFound` when it has none.
    @_spi(Generated) public func required(_ name: String) throws -> String {
        guard let text = value(name) else { throw Self.missing(name, String.self) }
        return text
    }

    /// The value of the field `name` as `type`, which the response must have; throws
    /// `DecodingError.valueNotFound` when it has none, or one that doesn't read as `type`.
    @_spi(Generated) public func required<Value: LosslessStringConvertible>(_ name: String, as type: Value.Type) throws -> Value {
        guard let value = value(name, as: type) else { throw Self.missing(name, type) }
        return value
    }

    private static func missing(_ name: String, _ type: Any.Type) -> DecodingError {
        DecodingError.valueNotFound(type, DecodingError.Context(codingPath: [], debugDescription: "the response has no '\(name)' header of type \(type), which it must have"))
    }
}
