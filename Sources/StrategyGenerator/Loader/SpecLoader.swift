import Foundation

/// A spec as far as it could be read, with the problems found reading it.
///
/// Parts with problems are left out, so validation can still check the rest and one run
/// reports every problem.
public struct LoadedSpec: Sendable {
    public var spec: APISpec
    public var diagnostics: [Diagnostic]
}

/// Reads a spec file into an ``APISpec``, reporting every problem of shape it finds:
/// YAML syntax, unknown or missing keys, values of the wrong kind, unreadable types.
public enum SpecLoader {
    /// Loads the spec at `path`, and the specs it `uses`; diagnostics name files as `path` spells them.
    ///
    /// - Throws: the diagnostics when nothing usable could be read (unreadable file, broken
    ///   YAML, no API name).
    public static func load(contentsOf path: String) throws(DiagnosticsError) -> LoadedSpec {
        try load(contentsOf: path, visiting: [])
    }

    /// Loads a spec from its text, as if read from `file`.
    public static func load(text: String, file: String) throws(DiagnosticsError) -> LoadedSpec {
        try load(text: text, file: file, visiting: [])
    }

    private static func load(contentsOf path: String, visiting: [String]) throws(DiagnosticsError) -> LoadedSpec {
        let text: String
        do {
            text = try String(contentsOfFile: path, encoding: .utf8)
        } catch {
            throw DiagnosticsError([.error("cannot read spec '\(path)': \(error.localizedDescription)", at: nil)])
        }
        return try load(text: text, file: path, visiting: visiting)
    }

    private static func load(text: String, file: String, visiting: [String]) throws(DiagnosticsError) -> LoadedSpec {
        let root: YAMLNode?
        let parsed = file.lowercased().hasSuffix(".json") ? JSONDocument.parse(text, file: file) : YAMLDocument.parse(text, file: file)
        switch parsed {
        case .success(let node): root = node
        case .failure(let error): throw error
        }
        if let root, root["openapi"] != nil || root["swagger"] != nil {
            return try importOpenAPI(root, file: file)
        }
        let decoder = SpecDecoder(file: file)
        guard var spec = decoder.decodeSpec(root) else {
            throw DiagnosticsError(decoder.diagnostics.diagnostics)
        }
        var diagnostics = decoder.diagnostics.diagnostics
        for index in spec.uses.indices {
            let used = spec.uses[index]
            let path = resolve(used.path.value, relativeTo: file)
            guard !visiting.contains(path), path != file else {
                diagnostics.append(.error("'\(used.path)' is used in a cycle of specs (\((visiting + [file, path]).map(fileName).joined(separator: " → ")))", at: used.path.location))
                continue
            }
            do {
                let loaded = try load(contentsOf: path, visiting: visiting + [file])
                spec.uses[index].models = loaded.spec.models + loaded.spec.uses.flatMap(\.models)
                spec.uses[index].errors = loaded.spec.errors + loaded.spec.uses.flatMap(\.errors)
                diagnostics += loaded.diagnostics.filter { $0.severity == .error }
            } catch {
                diagnostics.append(.error("cannot use '\(used.path)'; it has problems of its own", at: used.path.location))
                diagnostics += error.diagnostics
            }
        }
        return LoadedSpec(spec: spec, diagnostics: diagnostics)
    }

    /// `other.yaml` next to `specs/api.yaml` is `specs/other.yaml`.
    static func resolve(_ path: String, relativeTo file: String) -> String {
        guard !path.hasPrefix("/") else { return path }
        let folder = file.split(separator: "/", omittingEmptySubsequences: false).dropLast().joined(separator: "/")
        let joined = folder.isEmpty ? path : folder + "/" + path
        var parts: [Substring] = []
        for part in joined.split(separator: "/", omittingEmptySubsequences: false) {
            if part == "..", let last = parts.last, last != "..", !last.isEmpty {
                parts.removeLast()
            } else if part != "." {
                parts.append(part)
            }
        }
        return parts.joined(separator: "/")
    }

    /// An OpenAPI document, imported into the spec model.
    private static func importOpenAPI(_ root: YAMLNode, file: String) throws(DiagnosticsError) -> LoadedSpec {
        if let swagger = root["swagger"] {
            throw DiagnosticsError([.error("Swagger 2.0 documents are not imported yet; convert it to OpenAPI 3 first", at: swagger.location)])
        }
        var importer = OpenAPIImporter(root: root, file: file)
        guard let spec = importer.importDocument() else {
            throw DiagnosticsError(importer.diagnostics.diagnostics)
        }
        return LoadedSpec(spec: spec, diagnostics: importer.diagnostics.diagnostics)
    }
}
