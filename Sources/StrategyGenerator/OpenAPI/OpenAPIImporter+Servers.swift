import Foundation

/// Servers and security: the client's servers, an operation's own server, and the schemes
/// requests are authenticated with.
extension OpenAPIImporter {
    /// The server an operation or its path item names instead of the document's, with its
    /// variables at their defaults; `nil` when it is the document's first, or isn't one the
    /// client can reach.
    mutating func operationServer(_ servers: YAMLNode?, pointer: JSONPointer) -> ServerSpec? {
        guard let server = servers?.items.first, var text = server["url"]?.scalar else { return nil }
        for (name, variable) in server["variables"]?.members ?? [] {
            text = text.replacingOccurrences(of: "{\(name)}", with: variable["default"]?.scalar ?? "")
        }
        guard let url = ServerURL(text), !text.contains("{") else {
            warn("server URL '\(text)' of the operation is not an absolute HTTP URL; the operation goes to the document's server", at: server.location, pointer.appending("servers").appending(0))
            return nil
        }
        if let first = root["servers"]?.items.first?["url"]?.scalar, first == server["url"]?.scalar { return nil }
        return ServerSpec(name: Named("server", at: server.location), scheme: url.scheme, host: url.host, port: url.port, basePath: url.path, doc: server["description"]?.scalar, variables: [])
    }

    mutating func importServers() -> [ServerSpec] {
        var servers: [ServerSpec] = []
        var names: Set<String> = []
        for (index, server) in (root["servers"]?.items ?? []).enumerated() {
            let at = JSONPointer().appending("servers").appending(index)
            guard let url = server["url"]?.scalar else { continue }
            var variables: [ServerVariable] = []
            var text = url
            let named = Set(PathTemplate(url).placeholders)
            for (name, variable) in server["variables"]?.members ?? [] {
                guard named.contains(name) else {
                    warn("server variable '\(name)' is not in the server's URL '\(url)'; it is left out", at: variable.location, at.appending("variables").appending(name))
                    continue
                }
                let value = variable["default"]?.scalar ?? ""
                let allowed = variable["enum"]?.items.compactMap(\.scalar) ?? []
                if text.hasPrefix("{\(name)}") || text.contains("://") == false {
                    // A variable before the host can't be chosen at run time: its default is taken.
                    text = text.replacingOccurrences(of: "{\(name)}", with: value)
                } else {
                    variables.append(ServerVariable(name: Named(name, at: variable.location), defaultValue: value, allowedValues: allowed))
                }
            }
            var scheme = "http", rest = text
            if let range = text.range(of: "://") {
                scheme = String(text[..<range.lowerBound]).lowercased()
                rest = String(text[range.upperBound...])
            } else {
                warn("server URL '\(url)' is relative; the client's server is http://localhost\(url == "/" ? "" : url) until another is chosen", at: server.location, at)
                rest = "localhost" + (text.hasPrefix("/") ? text : "/" + text)
            }
            guard scheme == "http" || scheme == "https" else {
                warn("server URL '\(url)' is not HTTP; it is left out", at: server.location, at)
                continue
            }
            let slash = rest.firstIndex(of: "/") ?? rest.endIndex
            var host = String(rest[..<slash]), port: Int?
            if let colon = host.lastIndex(of: ":"), let number = Int(host[host.index(after: colon)...]) {
                port = number
                host = String(host[..<colon])
            }
            var basePath = String(rest[slash...])
            while basePath.hasSuffix("/") { basePath.removeLast() }
            let declared = variables.filter { host.contains("{\($0.name.value)}") || basePath.contains("{\($0.name.value)}") }
            let urlLocation = server["url"]?.location ?? server.location
            var undeclared: [String] = []
            for name in PathTemplate(host).placeholders + PathTemplate(basePath).placeholders
            where !declared.contains(where: { $0.name.value == name }) && !undeclared.contains(name) {
                undeclared.append(name)
            }
            // Those with no default come first, as Swift's arguments do.
            let used = undeclared.map { ServerVariable(name: Named($0, at: urlLocation), defaultValue: nil, allowedValues: []) } + declared
            if let fault = argumentFault(used) {
                warn("server URL '\(url)' is left out: \(fault)", at: urlLocation, at.appending("url"))
                continue
            }
            for name in undeclared {
                warn("server URL '\(url)' names '{\(name)}' without declaring it under 'variables'; the client's environment takes it as an argument with no default", at: urlLocation, at.appending("url"))
            }
            var name = SwiftIdentifier.member(server["description"]?.scalar.map { String($0.prefix(40)) } ?? "", fallback: index == 0 ? "production" : "server\(index + 1)")
            if names.contains(name) { name = "server\(index + 1)" }
            names.insert(name)
            servers.append(ServerSpec(name: Named(name, at: server.location), scheme: scheme, host: host, port: port, basePath: basePath, doc: server["description"]?.scalar, variables: used))
        }
        if servers.isEmpty {
            warn("the document names no server; the client's server is http://localhost until another is chosen", at: root.location, "#")
            servers.append(ServerSpec(name: Named("local", at: root.location), scheme: "http", host: "localhost", port: nil, basePath: "", doc: nil, variables: []))
        }
        return servers
    }

    /// Why the variables of a server URL can't each become an argument of its environment case:
    /// a placeholder with no name, or two names that are one in Swift.
    private func argumentFault(_ variables: [ServerVariable]) -> String? {
        var seen: [String: String] = [:]
        for variable in variables {
            let name = variable.name.value
            guard !name.isEmpty else { return "'{}' names no variable" }
            let swiftName = SwiftName.member(name)
            if let earlier = seen[swiftName] { return "its variables '\(earlier)' and '\(name)' both become '\(swiftName)' in Swift" }
            seen[swiftName] = name
        }
        return nil
    }

    mutating func importSecuritySchemes() -> [AuthSchemeSpec] {
        var schemes: [AuthSchemeSpec] = []
        for (key, node) in root["components"]?["securitySchemes"]?.members ?? [] {
            let at = JSONPointer().appending("components").appending("securitySchemes").appending(key)
            guard let scheme = resolve(node, pointer: at) else { continue }
            let kind: AuthSchemeSpec.Kind
            switch (scheme["type"]?.scalar, scheme["scheme"]?.scalar?.lowercased(), scheme["in"]?.scalar) {
            case ("http", "bearer", _), ("oauth2", _, _), ("openIdConnect", _, _): kind = .bearer(BearerSpec())
            case ("http", "basic", _): kind = .basic
            case ("apiKey", _, "header"): kind = .apiKey(place: .header, name: scheme["name"]?.scalar ?? key)
            case ("apiKey", _, "query"): kind = .apiKey(place: .query, name: scheme["name"]?.scalar ?? key)
            case ("apiKey", _, "cookie") where Vocabulary.isHTTPToken(scheme["name"]?.scalar ?? key):
                kind = .apiKey(place: .cookie, name: scheme["name"]?.scalar ?? key)
            default:
                warn("security scheme '\(key)' is not one the runtime sends; operations that need it are sent without it", at: node.location, at)
                continue
            }
            schemes.append(AuthSchemeSpec(name: Named(key, at: node.location), kind: kind, doc: scheme["description"]?.scalar))
        }
        var names: Set<String> = []
        for index in schemes.indices {
            var name = SwiftIdentifier.member(schemes[index].name.value, fallback: "auth"), suffix = 2
            while names.contains(name) {
                name = SwiftIdentifier.member(schemes[index].name.value, fallback: "auth") + String(suffix)
                suffix += 1
            }
            names.insert(name)
            schemeNames[schemes[index].name.value] = name
            schemes[index].name.value = name
        }
        return schemes
    }

    /// What a `security` list asks: `nil` when none is given; `.none` for an empty list, or
    /// one whose requirements all name schemes the runtime can't send; one scheme; or any of
    /// several ways, each requirement's schemes sent together, in the document's order. A
    /// requirement without a scheme (`{}`, "no credentials will do") comes last, so a caller
    /// who gave credentials sends them.
    func authUse(_ security: YAMLNode?, schemes: [AuthSchemeSpec]) -> AuthUse? {
        guard let security else { return nil }
        var ways: [[Named]] = [], optional = false
        for requirement in security.items {
            if requirement.members.isEmpty {
                optional = true
                continue
            }
            // A scheme the runtime can't send was warned about where it is declared; the
            // requirement sends what it can.
            let way = requirement.members.compactMap { key, _ -> Named? in
                guard let name = schemeNames[key], schemes.contains(where: { $0.name.value == name }) else { return nil }
                return Named(name, at: requirement.location)
            }
            if !way.isEmpty, !ways.contains(where: { $0.map(\.value) == way.map(\.value) }) { ways.append(way) }
        }
        switch (ways.count, optional) {
        case (0, _): return AuthUse.none
        case (1, false) where ways[0].count == 1: return .scheme(ways[0][0])
        default: return .anyOf(optional ? ways + [[]] : ways)
        }
    }
}
