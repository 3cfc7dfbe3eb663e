// Hand-written code beside the generated client: SwiftPM needs at least one Swift file in a
// target, and this is where additions to the generated types go.

extension Book: CustomStringConvertible {
    public var description: String {
        "\(title) (\(year)) by \(author.name)"
    }
}
