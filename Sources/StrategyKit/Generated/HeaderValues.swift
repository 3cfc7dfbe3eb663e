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
}
