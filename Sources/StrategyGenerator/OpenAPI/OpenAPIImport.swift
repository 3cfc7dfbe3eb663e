import Foundation

/// The import: an OpenAPI 3 or Swagger 2.0 document, parsed by the loader, → an ``APISpec``
/// with the warnings of what it left out. External references are bundled in first
/// (``ExternalReferences``), a Swagger document is converted to OpenAPI 3 (``SwaggerConverter``),
/// then ``OpenAPIImporter`` reads it.
enum OpenAPIImport {
    /// The document whose root `root` is, read from `file`, imported into the spec model: what
    /// the spec format can't say, and what `checks` refuse, left out with a warning each.
    ///
    /// - Parameter operations: the operations to import (and the schemas they reach); all of
    ///   them when `nil`.
    /// - Parameter paging: whether paging is inferred, and for which operations it is set.
    /// - Throws: the diagnostics when the document can't be imported at all (an unknown
    ///   version, no paths to read).
    static func importDocument(_ root: YAMLNode, file: String, selecting operations: GeneratorConfig.OperationSelection? = nil, paging: GeneratorConfig.Paging = .init(), checks: ImportChecks) throws(DiagnosticsError) -> LoadedSpec {
        let swagger = root["swagger"]
        if let swagger, swagger.scalar != "2.0" || root["openapi"] != nil {
            throw DiagnosticsError([.error("only Swagger 2.0 and OpenAPI 3.0 and 3.1 documents are imported; found swagger version '\(swagger.scalar ?? swagger.kindDescription)'", at: swagger.location)])
        }
        var references = ExternalReferences(rootFile: file, isSwagger: swagger != nil) { path throws(DiagnosticsError) in
            // A device or pipe could block the build forever; only regular files are parts.
            let resolved = URL(fileURLWithPath: path).resolvingSymlinksInPath().path
            let type = (try? FileManager.default.attributesOfItem(atPath: resolved))?[.type] as? FileAttributeType
            if let type, type != .typeRegular, type != .typeDirectory {
                throw DiagnosticsError([.error("this is not a regular file", at: SourceLocation(file: path, line: 1, column: 1))])
            }
            return try SpecLoader.parse(SpecLoader.readText(path), file: path, allowingAliases: true)
        }
        let bundled = references.bundle(root)
        var importer = swagger == nil
            ? OpenAPIImporter(root: bundled, file: file, selection: operations, unresolved: references.unresolved)
            : OpenAPIImporter(root: SwaggerConverter(root: bundled).convert(), file: file, selection: operations, unresolved: references.unresolved, spellingPointers: SwaggerConverter.swaggerPointer)
        importer.paging.config = paging
        guard var spec = importer.importDocument() else {
            throw DiagnosticsError(references.warnings + importer.diagnostics.diagnostics)
        }
        let extensionWarnings = leavingOutFaultyExtensions(&spec, importer, checks: checks)
        spec = spec.withoutUnreachableModels().withStubsFromSchemaExamples()
        let faultWarnings = ImportedFaults.leaveOut(from: &spec, pointers: importer.pointers, checks: checks)
        spec = spec.withoutUnreachableModels().sharingIdenticalModels(components: importer.componentModelNames)
        return LoadedSpec(spec: spec, diagnostics: references.warnings + importer.diagnostics.diagnostics + extensionWarnings + faultWarnings, pointers: importer.pointers)
    }

    /// The importer builds a spec that validates, except where an extension brings in the spec
    /// format's own words (pagination, errors in the body): an error validation finds in one of
    /// those costs only that extension, which is left out with the error as a warning. Validation
    /// runs once, and every extension it faults is left out.
    private static func leavingOutFaultyExtensions(_ spec: inout APISpec, _ importer: OpenAPIImporter, checks: ImportChecks) -> [Diagnostic] {
        guard !importer.extensionUses.isEmpty else { return [] }
        let errors = checks.faults(spec).map(\.diagnostic)
        var warnings: [Diagnostic] = []
        for use in importer.extensionUses {
            let found = errors.filter { $0.location.map(use.places.contains) ?? false }
            guard !found.isEmpty else { continue }
            warnings += found.map { .warning("\($0.message); '\(use.name)' is left out", at: $0.location) }
            switch use.target {
            case .pagination(let strategy):
                if let index = spec.strategies.firstIndex(where: { $0.name.value == strategy }) { spec.strategies[index].pagination = nil }
            case .errors:
                guard let plain = importer.errorsWithoutExtension, let index = spec.errors.firstIndex(where: { $0.name == plain.name }) else { break }
                if plain.statusCases.isEmpty {
                    // The extension was all the error type had.
                    spec.errors.remove(at: index)
                    for strategy in spec.strategies.indices where spec.strategies[strategy].errorType == plain.name {
                        spec.strategies[strategy].errorType = nil
                    }
                } else {
                    spec.errors[index] = plain
                }
            }
        }
        return warnings
    }
}

/// What validation refuses in a spec, asked by the import so that an imported document loses
/// only what is refused; given by the pipeline, as validation is a later stage.
struct ImportChecks: Sendable {
    /// The errors validation finds in a spec that has no diagnostics of its own, each with the
    /// element it is about.
    var faults: @Sendable (APISpec) -> [SpecFault]
}
