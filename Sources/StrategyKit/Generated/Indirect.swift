/// A value kept on the heap, so that a generated struct can hold a value of its own type (a
/// repository's `parent` repository): the struct stores an `Indirect` and reads and writes the
/// value through a property of the value's type.
@_spi(Generated) public final class Indirect<Value> {
    /// The value.
    public let value: Value

    /// Keeps `value` on the heap.
    public init(_ value: Value) {
        self.value = value
    }
}

@_spi(Generated) extension Indirect: Sendable where Value: Sendable {}

@_spi(Generated) extension Indirect: Equatable where Value: Equatable {
    public static func == (lhs: Indirect, rhs: Indirect) -> Bool {
        lhs.value == rhs.value
    }
}

@_spi(Generated) extension Indirect: Hashable where Value: Hashable {
    public func hash(into hasher: inout Hasher) {
        hasher.combine(value)
    }
}
