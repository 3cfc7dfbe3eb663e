/// A fault validation finds in a spec, with the element it is about: what an imported document
/// loses so that the rest validates.
struct SpecFault: Sendable {
    var diagnostic: Diagnostic
    /// `nil` for a fault without a place in the spec.
    var element: SpecElement?
}

/// An element of a spec that a fault is about.
enum SpecElement: Hashable, Sendable {
    /// The example of the strategy of this name, which doesn't decode as its output.
    case example(strategy: String)
    /// What is written at this place: an operation, a parameter, what an operation returns, a
    /// response header, a schema, a property, a union member or an error payload.
    case writtenAt(SourceLocation)
}
