/// Turns a spec file into Swift source files. The stages run one way, each with a typed result,
/// and none names a later one (`scripts/check-stages.py` checks it; CONTRIBUTING.md draws the map):
///
/// 1. **Load** — YAML text → ``APISpec`` (``SpecLoader``): syntax, keys, value kinds, types. For
///    an OpenAPI or Swagger document the loader only parses, and hands the document on.
/// 2. **Import**, beside Load — an OpenAPI 3 or Swagger 2.0 document → ``APISpec`` with the
///    warnings of what it leaves out (`OpenAPIImport`): external references bundled, Swagger
///    converted, the document read into the spec model; what validation refuses in it is left
///    out, through checks this pipeline hands the import, as validation runs later.
/// 3. **Validate** — ``APISpec`` → ``ValidatedSpec`` (``SpecValidator``): references, names, paths,
///    checked as the spec writes them, each name as the ``GeneratorConfig`` renames it.
/// 4. **Configure and resolve**, the end of ``SpecValidator/validate(_:config:)`` — the
///    configuration's names and access level applied to the valid spec; the spec rewritten as it
///    is generated (each parameter's `default` read as what the server assumes, each error type
///    holding the codes it includes); then every reference replaced by what it names: each
///    strategy with its error type, auth scheme, path parameters, sign-in token, paging and
///    deprecation, each bearer scheme with its renewal, each interface with its strategies, each
///    model with its deprecation and uses, and a table of the type names that holds every name
///    the spec writes. A reference that doesn't resolve there is reported as the generator's
///    fault, never generated around.
/// 5. **Build** — ``ValidatedSpec`` → ``SwiftFile`` code models, one per configured part, from
///    the resolved values: the code model looks no reference up. A large spec's models and
///    strategies are each split into several files (``FileLayout``).
/// 6. **Render** — ``SwiftFile`` → text (``SwiftRenderer``).
///
/// Every stage reads the shared vocabulary: the spec model and its words (`Spec/`), diagnostics,
/// Swift naming and the configuration. A stage that finds an error throws every diagnostic it
/// found; nothing later runs.
public enum GeneratorPipeline {
    /// The names of the files generated from the spec at `path`, laid out by `layout` (by
    /// default, as the spec's size asks): they depend on its file name and the layout only, so a
    /// build tool can declare them before generating.
    public static func outputFileNames(forSpecAt path: String, layout: FileLayout? = nil) -> [String] {
        (layout ?? FileLayout(specAt: path)).files(stem: specStem(path)).map(\.name)
    }

    /// Runs every stage on the spec at `path`.
    ///
    /// - Parameter placeholders: also return a file holding only a header for each part the
    ///   configuration leaves out, so every name of ``outputFileNames(forSpecAt:layout:)`` is written.
    /// - Parameter layout: how many files the code is written in; by default, as the spec's size asks.
    public static func generate(
        specAt path: String, config: GeneratorConfig = .standard, placeholders: Bool = false, layout: FileLayout? = nil
    ) throws(DiagnosticsError) -> GeneratedSpec {
        let loaded = try load(contentsOf: path, selecting: config.operations, paging: config.paging)
        let validated = try SpecValidator.validate(loaded, config: config)
        let layout = layout ?? FileLayout(specAt: path)
        var files = build(validated, config: config, layout: layout).map(render)
        if placeholders {
            files = layout.files(stem: specStem(path)).map { part, name in
                files.first { $0.name == name } ?? render(placeholder(for: part, named: name, of: validated.spec))
            }
        }
        return GeneratedSpec(files: files, warnings: warnings(validated, loaded, config), renameableNames: loaded.spec.renameableNames)
    }

    /// Stages 1 and 2: the spec at `path` loaded, or the OpenAPI or Swagger document there imported;
    /// diagnostics name files as `path` spells them.
    ///
    /// - Parameter operations: of an OpenAPI document, the operations to import (and the schemas
    ///   they reach); all of them when `nil`.
    /// - Parameter paging: of an OpenAPI document, whether paging is inferred, and for which
    ///   operations it is set.
    /// - Throws: the diagnostics when nothing usable could be read (unreadable file, broken
    ///   YAML, no API name, a document of an unknown version).
    public static func load(contentsOf path: String, selecting operations: GeneratorConfig.OperationSelection? = nil, paging: GeneratorConfig.Paging = .init()) throws(DiagnosticsError) -> LoadedSpec {
        try loaded(SpecLoader.read(contentsOf: path, selecting: operations, importing: importUsed), file: path, selecting: operations, paging: paging)
    }

    /// Stages 1 and 2 on a spec's or a document's text, as if read from `file`.
    public static func load(text: String, file: String, selecting operations: GeneratorConfig.OperationSelection? = nil) throws(DiagnosticsError) -> LoadedSpec {
        try loaded(SpecLoader.read(text: text, file: file, selecting: operations, importing: importUsed), file: file, selecting: operations, paging: .init())
    }

    private static func loaded(_ read: SpecFile, file: String, selecting operations: GeneratorConfig.OperationSelection?, paging: GeneratorConfig.Paging) throws(DiagnosticsError) -> LoadedSpec {
        switch read {
        case .spec(let loaded): loaded
        case .document(let root): try OpenAPIImport.importDocument(root, file: file, selecting: operations, paging: paging, checks: importChecks)
        }
    }

    /// A document a spec uses, imported whole.
    private static func importUsed(_ root: YAMLNode, file: String) throws(DiagnosticsError) -> LoadedSpec {
        try OpenAPIImport.importDocument(root, file: file, checks: importChecks)
    }

    /// What validation refuses, for the import to leave out.
    static let importChecks = ImportChecks(faults: { SpecValidator.faults(in: $0) })

    /// The spec's warnings; with `importWarnings: quiet`, those of importing an OpenAPI
    /// document are one note that counts them, at the configuration's key.
    static func warnings(_ validated: ValidatedSpec, _ loaded: LoadedSpec, _ config: GeneratorConfig) -> [Diagnostic] {
        guard let quiet = config.quietImportWarnings else { return validated.warnings }
        let imported = Set(loaded.diagnostics.filter { $0.severity == .warning })
        let kept = validated.warnings.filter { !imported.contains($0) }
        let count = validated.warnings.count - kept.count
        guard count > 0 else { return kept }
        let file = StrategyGenerator.fileName(of: loaded.spec.file)
        let note = Diagnostic(.note, "\(count) warning\(count == 1 ? "" : "s") importing \(file) \(count == 1 ? "is" : "are") quiet ('importWarnings: quiet'); remove it to see them", at: quiet)
        return [note] + kept
    }

    /// Stage 5: the code model of every configured part, in the files `layout` writes it in.
    public static func build(_ validated: ValidatedSpec, config: GeneratorConfig = .standard, layout: FileLayout = FileLayout(split: 1)) -> [SwiftFile] {
        let stem = specStem(validated.spec.file)
        let context = CodeContext(validated, stem: stem, config: config)
        let files: [(GeneratorConfig.Part, () -> [SwiftFile])] = [
            (.models, { layout.lay(context.modelsFile(), part: .models, stem: stem) }),
            (.errors, { [context.errorsFile()] }),
            (.strategies, { layout.lay(context.strategiesFile(), part: .strategies, stem: stem) }),
            (.client, { context.clientFiles(split: layout.split) }),
            (.stubs, { [context.stubsFile()] }),
            (.samples, { layout.lay(context.samplesFile(), part: .samples, stem: stem) }),
        ]
        let built = files.flatMap { part, build in
            config.parts.contains(part) ? build().compactMap { config.applied(to: $0, part: part) } : []
        }
        let order = layout.files(stem: stem).map(\.name)
        return built.sorted { (order.firstIndex(of: $0.name) ?? order.count) < (order.firstIndex(of: $1.name) ?? order.count) }
    }

    /// Stage 6: one file's text.
    public static func render(_ file: SwiftFile) -> GeneratedFile {
        GeneratedFile(name: file.name, contents: SwiftRenderer.render(file))
    }

    /// A file that says the configuration leaves its part out.
    static func placeholder(for part: GeneratorConfig.Part, named name: String, of spec: APISpec) -> SwiftFile {
        SwiftFile(
            name: name,
            header: ["Generated by strategy-gen from \(StrategyGenerator.fileName(of: spec.file)). Do not edit.", "The configuration leaves out the \(part.rawValue)."],
            imports: [],
            declarations: []
        )
    }

    /// `specs/users.yaml` → `users`.
    static func specStem(_ path: String) -> String {
        let name = StrategyGenerator.fileName(of: path)
        guard let dot = name.lastIndex(of: "."), dot != name.startIndex else { return name }
        return String(name[..<dot])
    }
}

extension GeneratorConfig {
    /// A warning for each rename that names nothing in any of `specs`, which would otherwise do nothing unnoticed.
    public func unusedRenames(in specs: [GeneratedSpec]) -> [Diagnostic] {
        let names = specs.reduce(into: Set<String>()) { $0.formUnion($1.renameableNames) }
        return renames.filter { !names.contains($0.from.value) }.map { rename in
            var message = "'\(rename.from)' under 'rename' names nothing in the specs"
            if let suggestion = closestMatch(to: rename.from.value, in: names.sorted()) { message += "; did you mean '\(suggestion)'?" }
            return .warning(message, at: rename.from.location)
        }
    }

    /// The file as configured: a skipped part is `nil`, and every file gets the extra imports.
    func applied(to file: SwiftFile, part: Part) -> SwiftFile? {
        guard parts.contains(part) else { return nil }
        var file = file
        file.imports += imports.filter { !file.imports.contains($0) }
        return file
    }
}

/// What one spec generates.
public struct GeneratedSpec: Sendable {
    public var files: [GeneratedFile]
    public var warnings: [Diagnostic]
    /// The spec's own names a configuration may rename, as the spec wrote them.
    public var renameableNames: Set<String>

    /// The first line of every file generated from this spec, which names the spec's file:
    /// `// Generated by strategy-gen from users.yaml. Do not edit.`
    public var header: String? {
        files.first.map { String($0.contents.prefix { $0 != "\n" }) }
    }
}

/// One generated source file.
public struct GeneratedFile: Hashable, Sendable {
    public var name: String
    public var contents: String

    public init(name: String, contents: String) {
        self.name = name
        self.contents = contents
    }
}
