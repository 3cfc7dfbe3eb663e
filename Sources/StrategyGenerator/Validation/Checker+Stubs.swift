/// A spec with examples gets a stubbed client; a strategy it can't answer would fail only when
/// a test or preview calls it, so it is reported when the spec is validated.
extension Checker {
    mutating func stubbedStrategies() {
        guard spec.strategies.contains(where: { $0.example != nil }) else { return }
        let client = "\(spec.name.value)Client"
        // A strategy whose whole URL is an input goes where the caller says: no route knows it.
        for strategy in spec.strategies where strategy.example == nil && strategy.returns != nil && strategy.urlParameter == nil {
            diagnostics.warning(
                "strategy '\(strategy.name)' has no example, so '\(client).stubbed()' can't answer it; add an 'example' with a response body",
                at: strategy.name.location
            )
        }
    }
}
