extension SpecDecoder {
    /// A strategy's own server: `server: https://files.example.com/v1`, a URL without variables.
    func decodeStrategyServer(_ node: YAMLNode, of what: String) -> ServerSpec? {
        guard let text = string(node, "the server of \(what)") else { return nil }
        guard !text.unicodeScalars.contains(where: \.isControlOrLineBreak), let url = ServerURL(text),
              url.port.map({ (0...65535).contains($0) }) ?? true else {
            diagnostics.error("the server of \(what) is not a valid absolute URL: '\(text)'; write it as 'https://host/base/path'", at: node.location)
            return nil
        }
        guard url.placeholders.isEmpty else {
            diagnostics.error("the server of \(what) can't hold variables such as '{\(url.placeholders[0])}'; write the URL out, or take it as input with a path such as '{upload_url}'", at: node.location)
            return nil
        }
        return ServerSpec(name: Named("server", at: node.location), scheme: url.scheme, host: url.host, port: url.port, basePath: url.path, doc: nil, variables: [])
    }

    /// Whether a path is one placeholder, `{upload_url}`: the whole URL is an input.
    static func isWholeURLPlaceholder(_ path: String) -> Bool {
        let parts = PathTemplate(path).parts
        guard parts.count == 1, case .placeholder? = parts.first else { return false }
        return true
    }
}
