/// Responses a document shows by the examples of their schemas and properties rather than a
/// response's own example still answer in a stubbed client.
extension APISpec {
    /// Each strategy whose response has no example of its own, but whose schemas or properties
    /// give some, with an example built from those, completed with values built from the types
    /// where they give none; a strategy whose output holds no example the document gives has no
    /// stub still.
    func withStubsFromSchemaExamples() -> APISpec {
        var spec = self
        var sampler = SampleJSON(self)
        for index in spec.strategies.indices where spec.strategies[index].example == nil {
            let strategy = spec.strategies[index]
            guard case .type(let type, let location)? = strategy.returns, type != .builtIn(.data) else { continue }
            var seen: Set<String> = []
            guard sampler.holdsExample(type, seen: &seen) else { continue }
            sampler.budget = 2000
            guard var value = sampler.value(of: type) else { continue }
            // The output sits at `unwrap` in the body.
            for key in (strategy.unwrap?.value.split(separator: ".") ?? []).reversed() {
                value = .object([String(key)], [String(key): value])
            }
            spec.strategies[index].example = value
            spec.strategies[index].exampleLocation = location
        }
        return spec
    }
}
