/// Turns a spec file into Swift source files. The stages run one way, each with a typed result:
///
/// 1. **Load** — YAML text → ``APISpec`` (``SpecLoader``): syntax, keys, value kinds, types.
/// 2. **Validate** — ``APISpec`` → ``ValidatedSpec`` (``SpecValidator``): references, names, paths.
/// 3. **Build** — ``ValidatedSpec`` → ``SwiftFile`` code models, one per output file.
/// 4. **Render** — ``SwiftFile`` → text (``SwiftRenderer``).
///
/// A stage that finds an error throws every diagnostic it found; nothing later runs.
public enum GeneratorPipeline {
    /// The parts every spec generates, in order; the build plugin declares the same names.
    public static let parts = ["Models", "Errors", "Strategies", "Client", "Stubs"]

    /// The names of the files generated from the spec at `path`: they depend on its file name only.
    public static func outputFileNames(forSpecAt path: String) -> [String] {
        let stem = specStem(path)
        return parts.map { "\(stem).\($0).swift" }
    }

    /// Runs every stage on the spec at `path`.
    public static func generate(specAt path: String) throws(DiagnosticsError) -> GeneratedSpec {
        let spec = try SpecLoader.load(contentsOf: path)
        let validated = try SpecValidator.validate(spec)
        return GeneratedSpec(files: build(validated).map(render), warnings: validated.warnings)
    }

    /// Stage 3: the code model of every output file.
    public static func build(_ validated: ValidatedSpec) -> [SwiftFile] {
        let context = CodeContext(spec: validated.spec, stem: specStem(validated.spec.file))
        return [context.modelsFile(), context.errorsFile(), context.strategiesFile(), context.clientFile(), context.stubsFile()]
    }

    /// Stage 4: one file's text.
    public static func render(_ file: SwiftFile) -> GeneratedFile {
        GeneratedFile(name: file.name, contents: SwiftRenderer.render(file))
    }

    /// `specs/users.yaml` → `users`.
    static func specStem(_ path: String) -> String {
        let name = fileName(of: path)
        guard let dot = name.lastIndex(of: "."), dot != name.startIndex else { return name }
        return String(name[..<dot])
    }
}

/// What one spec generates.
public struct GeneratedSpec: Sendable {
    public var files: [GeneratedFile]
    public var warnings: [Diagnostic]
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
