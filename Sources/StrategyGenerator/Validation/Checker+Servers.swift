extension Checker {
    /// A strategy goes to the client's server, the server it names, or the URL it takes as input.
    mutating func servers(of strategy: StrategySpec) {
        guard let parameter = strategy.urlParameter else { return }
        if parameter.type != .builtIn(.url) {
            diagnostics.error("the path of strategy '\(strategy.name)' is the whole URL, so '\(parameter.name)' must have type 'URL', not '\(parameter.type)'", at: parameter.typeLocation)
        }
        if let server = strategy.server {
            diagnostics.error("strategy '\(strategy.name)' takes its whole URL as input, so it can't name a server too", at: server.name.location)
        }
    }
}
