import Foundation

/// A spec as far as it could be read, with the problems found reading it.
///
/// Parts with problems are left out, so validation can still check the rest and one run
/// reports every problem.
public struct LoadedSpec: Sendable {
    public var spec: APISpec
    public var diagnostics: [Diagnostic]
    /// For an imported document, the JSON pointer of the node at each place its names and
    /// fields come from, so validation's diagnostics name it too.
    public var pointers: [SourceLocation: String] = [:]
}

/// A file as the loader reads it: a spec, loaded, or an OpenAPI or Swagger document, parsed for
/// the import to read.
enum SpecFile {
    case spec(LoadedSpec)
    case document(YAMLNode)
}

/// How the document at a path, parsed, is read into a spec.
typealias DocumentImport = (YAMLNode, String) throws(DiagnosticsError) -> LoadedSpec

/// Reads a spec file into an ``APISpec``, reporting every problem of shape it finds:
/// YAML syntax, unknown or missing keys, values of the wrong kind, unreadable types.
public enum SpecLoader {
    /// Reads the file at `path`: a spec, loaded with the specs it `uses`, or an OpenAPI or Swagger
    /// document, parsed for the import to read; diagnostics name files as `path` spells them.
    ///
    /// - Parameter operations: the configuration's selection of operations, which only a
    ///   document's import reads; a spec is generated whole and says so.
    /// - Parameter importing: how a document a spec `uses` is read into a spec; without it, a
    ///   spec can use only other specs.
    /// - Throws: the diagnostics when nothing usable could be read (unreadable file, broken
    ///   YAML, no API name).
    static func read(contentsOf path: String, selecting operations: GeneratorConfig.OperationSelection? = nil, importing: DocumentImport? = nil) throws(DiagnosticsError) -> SpecFile {
        try read(text: readText(path), file: path, visiting: [], selecting: operations, importing: importing)
    }

    /// Reads a spec or a document from its text, as if read from `file`.
    static func read(text: String, file: String, selecting operations: GeneratorConfig.OperationSelection? = nil, importing: DocumentImport? = nil) throws(DiagnosticsError) -> SpecFile {
        try read(text: text, file: file, visiting: [], selecting: operations, importing: importing)
    }

    /// Loads the spec at `path`, and the specs it `uses`; an OpenAPI or Swagger document there is
    /// an error, as the import reads those (``GeneratorPipeline/load(contentsOf:selecting:paging:)``
    /// reads either).
    public static func load(contentsOf path: String) throws(DiagnosticsError) -> LoadedSpec {
        try spec(read(contentsOf: path), file: path)
    }

    /// Loads a spec from its text, as if read from `file`.
    public static func load(text: String, file: String) throws(DiagnosticsError) -> LoadedSpec {
        try spec(read(text: text, file: file), file: file)
    }

    private static func spec(_ read: SpecFile, file: String) throws(DiagnosticsError) -> LoadedSpec {
        switch read {
        case .spec(let loaded): return loaded
        case .document: throw DiagnosticsError([.error("this is an OpenAPI document, which is imported, not loaded as a spec", at: SourceLocation(file: file, line: 1, column: 1))])
        }
    }

    /// The UTF-8 text of the file at `path`; a missing file, a folder, a file over the size limit
    /// or one that isn't UTF-8 is an error at its first line (or at the first byte that isn't UTF-8).
    ///
    /// - Parameter what: what the file is, for the messages: "the spec" or "the configuration".
    static func readText(_ path: String, what: String = "the spec") throws(DiagnosticsError) -> String {
        let start = SourceLocation(file: path, line: 1, column: 1)
        var isFolder: ObjCBool = false
        guard FileManager.default.fileExists(atPath: path, isDirectory: &isFolder) else {
            throw DiagnosticsError([.error("cannot read \(what): there is no file at this path", at: start)])
        }
        guard !isFolder.boolValue else {
            throw DiagnosticsError([.error("cannot read \(what): this is a folder, not a file", at: start)])
        }
        guard let handle = FileHandle(forReadingAtPath: path) else {
            throw DiagnosticsError([.error("cannot read \(what): permission denied or not a regular file", at: start)])
        }
        defer { try? handle.close() }
        // One byte more than the limit is enough to know the file is over it.
        let data: Data
        do {
            data = try handle.read(upToCount: SpecLimits.documentBytes + 1) ?? Data()
        } catch {
            throw DiagnosticsError([.error("cannot read \(what): \(error.localizedDescription)", at: start)])
        }
        guard data.count <= SpecLimits.documentBytes else {
            throw DiagnosticsError([.error("\(what) is over \(SpecLimits.documentBytes) bytes; a \(what.dropFirst(4)) may be at most 16 MiB", at: start)])
        }
        // Validating the bytes in one piece is fast; the place of a bad byte is looked for only
        // when there is one.
        if #available(macOS 15, iOS 18, tvOS 18, watchOS 11, visionOS 2, *) {
            if let text = data.withUnsafeBytes({ String(validating: $0.bindMemory(to: UInt8.self), as: UTF8.self) }) {
                return text
            }
        } else if firstInvalidUTF8(in: data, file: path) == nil {
            return String(decoding: data, as: UTF8.self)
        }
        let place = firstInvalidUTF8(in: data, file: path) ?? start
        throw DiagnosticsError([.error("\(what) is not UTF-8 text: the byte here is not part of a valid UTF-8 character", at: place)])
    }

    /// Where the first byte that isn't part of valid UTF-8 is, in lines and byte columns; nil if none.
    private static func firstInvalidUTF8(in data: Data, file: String) -> SourceLocation? {
        var parser = Unicode.UTF8.ForwardParser()
        var iterator = data.makeIterator()
        var line = 1, column = 1
        while true {
            switch parser.parseScalar(from: &iterator) {
            case .valid(let encoded):
                if encoded.count == 1, encoded.first == UInt8(ascii: "\n") {
                    line += 1
                    column = 1
                } else {
                    column += encoded.count
                }
            case .error:
                return SourceLocation(file: file, line: line, column: column)
            case .emptyInput:
                return nil
            }
        }
    }

    private static func read(text: String, file: String, visiting: [String], selecting operations: GeneratorConfig.OperationSelection?, importing: DocumentImport?) throws(DiagnosticsError) -> SpecFile {
        let root = try parse(text, file: file, allowingAliases: isOpenAPI(text))
        if let root, root["openapi"] != nil || root["swagger"] != nil {
            return .document(root)
        }
        if let root, root["api"] == nil, let misspelt = misspeltVersionKey(root) {
            throw DiagnosticsError([misspelt])
        }
        let decoder = SpecDecoder(file: file)
        guard var spec = decoder.decodeSpec(root) else {
            throw DiagnosticsError(decoder.diagnostics.diagnostics)
        }
        var diagnostics = decoder.diagnostics.diagnostics
        if let operations {
            diagnostics.append(.warning("'operations' selects the operations of OpenAPI documents; \(StrategyGenerator.fileName(of: file)) is a spec, generated whole", at: operations.location))
        }
        for index in spec.uses.indices {
            let used = spec.uses[index]
            let path = resolve(used.path.value, relativeTo: file)
            guard !visiting.contains(path), path != file else {
                diagnostics.append(.error("'\(used.path)' is used in a cycle of specs (\((visiting + [file, path]).map(fileName).joined(separator: " → ")))", at: used.path.location))
                continue
            }
            do {
                let loaded: LoadedSpec
                switch try read(text: readText(path), file: path, visiting: visiting + [file], selecting: nil, importing: importing) {
                case .spec(let spec): loaded = spec
                case .document(let root):
                    guard let importing else { loaded = try self.spec(.document(root), file: path); break }
                    loaded = try importing(root, path)
                }
                spec.uses[index].models = loaded.spec.models + loaded.spec.uses.flatMap(\.models)
                spec.uses[index].errors = loaded.spec.errors + loaded.spec.uses.flatMap(\.errors)
                diagnostics += loaded.diagnostics.filter { $0.severity == .error }
            } catch {
                diagnostics.append(.error("cannot use '\(used.path)'; it has problems of its own", at: used.path.location))
                diagnostics += error.diagnostics
            }
        }
        return .spec(LoadedSpec(spec: spec, diagnostics: diagnostics))
    }

    /// A `.json` file read as JSON, anything else as YAML; `nil` for an empty document.
    static func parse(_ text: String, file: String, allowingAliases: Bool) throws(DiagnosticsError) -> YAMLNode? {
        let parsed = file.lowercased().hasSuffix(".json")
            ? JSONDocument.parse(text, file: file)
            : YAMLDocument.parse(text, file: file, allowingAliases: allowingAliases)
        switch parsed {
        case .success(let node): return node
        case .failure(let error): throw error.explainingTabs(in: text)
        }
    }

    /// `openAPI:` or `Swagger:` at the top level of a file that names no API: an OpenAPI document
    /// whose version key is misspelt, not a spec missing its keys.
    private static func misspeltVersionKey(_ root: YAMLNode) -> Diagnostic? {
        guard case .mapping(let pairs) = root.kind else { return nil }
        for pair in pairs {
            guard let key = pair.key.scalar else { continue }
            let letters = String(key.lowercased().filter(\.isLetter))
            for word in ["openapi", "swagger"] where letters == word || closestMatch(to: key, in: [word]) != nil {
                return .error("unknown key '\(key)' at the top level; did you mean '\(word)'?", at: pair.key.location)
            }
        }
        return nil
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

    /// Whether YAML text says at its top level that it is an OpenAPI document.
    private static func isOpenAPI(_ text: String) -> Bool {
        // Line by line, stopping at the first that says so (usually the first line); the words
        // and YAML's line breaks are ASCII, so the text is read as bytes.
        let bytes = text.utf8
        var lineStart = bytes.startIndex
        while lineStart < bytes.endIndex {
            let line = bytes[lineStart...]
            if line.starts(with: "openapi:".utf8) || line.starts(with: "\"openapi\":".utf8) || line.starts(with: "'openapi':".utf8) {
                return true
            }
            guard let lineBreak = line.firstIndex(where: { $0 == UInt8(ascii: "\n") || $0 == UInt8(ascii: "\r") }) else { return false }
            lineStart = bytes.index(after: lineBreak)
        }
        return false
    }
}

extension DiagnosticsError {
    /// The diagnostics, with libyaml's words for a tab in a line's indentation ("found character
    /// that cannot start any token") replaced by what to do, at the tab.
    func explainingTabs(in text: String) -> DiagnosticsError {
        let lines = text.split(separator: "\n", omittingEmptySubsequences: false)
        return DiagnosticsError(diagnostics.map { diagnostic in
            guard diagnostic.severity == .error, diagnostic.message.hasPrefix("invalid YAML"),
                  let location = diagnostic.location, location.line >= 1, location.line <= lines.count else { return diagnostic }
            let indentation = lines[location.line - 1].utf8.prefix { $0 == UInt8(ascii: " ") || $0 == UInt8(ascii: "\t") }
            guard let tab = indentation.firstIndex(of: UInt8(ascii: "\t")) else { return diagnostic }
            let column = indentation.distance(from: indentation.startIndex, to: tab) + 1
            return .error("this line is indented with a tab; YAML indents with spaces only", at: SourceLocation(file: location.file, line: location.line, column: column))
        })
    }
}
