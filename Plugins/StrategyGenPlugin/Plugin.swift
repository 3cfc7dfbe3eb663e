import Foundation
import PackagePlugin

/// Generates a typed client from every spec in the target that uses it: each StrategyKit spec
/// (naming its `api:`) and OpenAPI 3.0, 3.1 or Swagger 2.0 document, in YAML or JSON.
///
/// Each spec `NAME.yaml` becomes `NAME.Models.swift`, `NAME.Errors.swift`,
/// `NAME.Strategies.swift`, `NAME.Client.swift`, `NAME.Stubs.swift` and `NAME.Samples.swift`; a
/// spec of 128 KiB or more has its models, strategies and samples split into several files each
/// (`NAME.1.Models.swift`, …). The
/// names depend on the spec's file name and size only, so the build knows them before the
/// generator runs; it reruns the generator for a spec only when that spec, a spec it uses or the
/// target's `strategy-gen-config.yaml` changes.
@main
struct StrategyGenPlugin: BuildToolPlugin {
    func createBuildCommands(context: PluginContext, target: Target) throws -> [Command] {
        guard let target = target as? SourceModuleTarget else {
            throw PluginError.notASourceTarget(target.name)
        }
        return try Self.commands(
            files: target.sourceFiles.map(\.url),
            target: target.name,
            directory: target.directoryURL,
            generator: context.tool(named: "strategy-gen").url,
            workDirectory: context.pluginWorkDirectoryURL
        )
    }

    /// One command a spec, each declaring what it reads and writes.
    static func commands(files: [URL], target: String, directory: URL, generator: URL, workDirectory: URL) throws -> [Command] {
        let found = try SpecFiles(files, target: target)
        guard !found.specs.isEmpty else {
            throw PluginError.noSpec(target: target, directory: directory.path)
        }
        return found.specs.map { spec in
            let stem = spec.deletingPathExtension().lastPathComponent
            let output = workDirectory.appending(path: stem)
            // The number of files is fixed here and passed on, so the generator writes the files
            // declared even if the spec's size has changed since. Each problem is one line of the
            // build's log, which Xcode and SwiftPM show at its place in the spec.
            let split = SpecFiles.split(of: spec)
            return .buildCommand(
                displayName: "Generating a client from \(spec.lastPathComponent)",
                executable: generator,
                arguments: found.generateArguments([spec], output: output, placeholders: true, quiet: true, plainDiagnostics: true, split: split),
                inputFiles: [spec] + found.dependencies(of: spec) + (found.config.map { [$0] } ?? []),
                outputFiles: SpecFiles.outputNames(stem: stem, split: split).map { output.appending(path: $0) }
            )
        }
    }
}

#if canImport(XcodeProjectPlugin)
import XcodeProjectPlugin

extension StrategyGenPlugin: XcodeBuildToolPlugin {
    func createBuildCommands(context: XcodePluginContext, target: XcodeTarget) throws -> [Command] {
        try Self.commands(
            files: target.inputFiles.map(\.url),
            target: target.displayName,
            directory: context.xcodeProject.directoryURL,
            generator: context.tool(named: "strategy-gen").url,
            workDirectory: context.pluginWorkDirectoryURL
        )
    }
}
#endif
