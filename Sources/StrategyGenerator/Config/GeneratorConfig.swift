/// How the generator writes code for the specs of one target or one command: read from a
/// `strategy-gen-config.yaml` file by both the build plugin and `strategy-gen --config`.
///
/// ```yaml
/// access: package                 # overrides each spec's own 'access'
/// generate: [models, strategies]  # the parts to write; all of them when left out
/// imports: [SharedModels]         # added to every generated file
/// models:
///   conformances: [Equatable]     # added to every model struct
/// rename:                         # spec name → Swift name
///   User: Account
/// operations:                     # of an OpenAPI document: only these, and what they reach
///   tags: [pets]
/// ```
public struct GeneratorConfig: Hashable, Sendable {
    /// The file name the build and command plugins look for in a target.
    public static let fileNames = ["strategy-gen-config.yaml", "strategy-gen-config.yml"]

    /// One generated file of a spec, named `SPEC.<Part>.swift`.
    public enum Part: String, CaseIterable, Hashable, Sendable {
        case models, errors, strategies, client, stubs, samples

        /// `Models` in `users.Models.swift`.
        public var fileSuffix: String { rawValue.prefix(1).uppercased() + rawValue.dropFirst() }

        /// The parts whose declarations this part's code refers to.
        var requires: [Part] {
            switch self {
            case .models, .errors, .strategies: []
            case .client: [.strategies]
            case .stubs: [.strategies, .client]
            case .samples: [.models, .strategies]
            }
        }
    }

    /// The config file as the user named it; `nil` for the defaults.
    public var file: String?
    /// Overrides the access level every spec asks for.
    public var access: AccessLevel?
    /// The parts to generate, in their fixed order.
    public var parts: [Part]
    /// Modules every generated file imports besides Foundation and StrategyKit.
    public var imports: [String]
    /// Swift names for the spec's API, models, error types, strategies and interfaces.
    public var renames: [Rename]
    /// Protocols every model struct conforms to besides those its use asks for.
    public var modelConformances: [ModelConformance]
    /// The operations of an OpenAPI document to generate; all of them when `nil`.
    public var operations: OperationSelection?
    /// `importWarnings: quiet`, where it is written: what importing a document the user can't
    /// change warns of is one note, not a line per warning.
    public var quietImportWarnings: SourceLocation?
    /// `pagination:` — paging inferred for an imported document's operations, or set for some.
    public var paging = Paging()

    /// `operations:` — the operations of an OpenAPI document to generate: those with one of the
    /// tags, one of the operationIds, or a path under one of the prefixes. Only the schemas they
    /// reach are generated.
    public struct OperationSelection: Hashable, Sendable {
        /// Where `operations:` is written in the configuration.
        public var location: SourceLocation
        public var tags: [Named] = []
        public var operationIds: [Named] = []
        /// Path prefixes, matched a whole segment at a time: `/pets` selects `/pets` and
        /// `/pets/{id}`, not `/petsitters`.
        public var paths: [Named] = []

        public init(location: SourceLocation, tags: [Named] = [], operationIds: [Named] = [], paths: [Named] = []) {
            self.location = location
            self.tags = tags
            self.operationIds = operationIds
            self.paths = paths
        }

        /// Whether an operation with these tags, operationId and path is selected.
        func selects(tags operationTags: [String], operationId: String?, path: String) -> Bool {
            tags.contains { operationTags.contains($0.value) }
                || operationIds.contains { $0.value == operationId }
                || paths.contains { Self.path(path, isUnder: $0.value) }
        }

        static func path(_ path: String, isUnder prefix: String) -> Bool {
            let prefix = prefix.hasSuffix("/") ? String(prefix.dropLast()) : prefix
            return path == prefix || path.hasPrefix(prefix + "/")
        }
    }

    /// A protocol a user may ask every model struct to conform to, e.g. to compare models in
    /// tests or keep them in a `Set`.
    public enum ModelConformance: String, CaseIterable, Hashable, Sendable {
        case equatable = "Equatable"
        case hashable = "Hashable"
    }

    /// `User: Account` under `rename`.
    public struct Rename: Hashable, Sendable {
        /// The name the spec uses, with its place in the config file.
        public var from: Named
        public var to: String

        public init(from: Named, to: String) {
            self.from = from
            self.to = to
        }
    }

    public init(file: String? = nil, access: AccessLevel? = nil, parts: [Part] = Part.allCases, imports: [String] = [], renames: [Rename] = [], modelConformances: [ModelConformance] = []) {
        self.file = file
        self.access = access
        self.parts = parts
        self.imports = imports
        self.renames = renames
        self.modelConformances = modelConformances
    }

    /// Generates everything, as each spec asks.
    public static let standard = GeneratorConfig()

    /// The spec with this configuration's access level and names.
    func applied(to spec: APISpec) -> APISpec {
        var spec = spec.renamed(renamesByName)
        if let access { spec.access = access }
        return spec
    }

    /// The Swift name for each spec name the configuration renames.
    var renamesByName: [String: String] {
        Dictionary(renames.map { ($0.from.value, $0.to) }, uniquingKeysWith: { _, last in last })
    }
}
