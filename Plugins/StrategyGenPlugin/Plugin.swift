import Foundation
import PackagePlugin

/// Generates a typed client from every spec file (`.yaml`, `.yml`) in the target that uses it.
///
/// Each spec `NAME.yaml` becomes `NAME.Models.swift`, `NAME.Errors.swift`,
/// `NAME.Strategies.swift`, `NAME.Client.swift` and `NAME.Stubs.swift`; the names depend on the
/// spec's file name only, so the build knows them before the generator runs and reruns it only when the spec
/// changes.
@main
struct StrategyGenPlugin: BuildToolPlugin {
    /// The files the generator writes for one spec, by the spec's file name without extension.
    static let outputSuffixes = ["Models", "Errors", "Strategies", "Client", "Stubs"]

    func createBuildCommands(context: PluginContext, target: Target) throws -> [Command] {
        guard let target = target as? SourceModuleTarget else {
            throw PluginError.notASourceTarget(target.name)
        }
        let specs = target.sourceFiles
            .map(\.url)
            .filter { ["yaml", "yml"].contains($0.pathExtension) }
            .sorted { $0.path < $1.path }
        guard !specs.isEmpty else {
            throw PluginError.noSpec(target: target.name, directory: target.directoryURL.path)
        }
        let generator = try context.tool(named: "strategy-gen").url
        return specs.map { spec in
            let stem = spec.deletingPathExtension().lastPathComponent
            let outputDirectory = context.pluginWorkDirectoryURL.appending(path: stem)
            return .buildCommand(
                displayName: "Generating a client from \(spec.lastPathComponent)",
                executable: generator,
                arguments: ["generate", spec.path, "--output", outputDirectory.path],
                inputFiles: [spec],
                outputFiles: Self.outputSuffixes.map { outputDirectory.appending(path: "\(stem).\($0).swift") }
            )
        }
    }
}

enum PluginError: Error, CustomStringConvertible {
    case notASourceTarget(String)
    case noSpec(target: String, directory: String)

    var description: String {
        switch self {
        case .notASourceTarget(let name):
            "StrategyGenPlugin can only be applied to a source target; '\(name)' is not one"
        case .noSpec(let target, let directory):
            "target '\(target)' uses StrategyGenPlugin but holds no spec: add an API spec such as 'api.yaml' to \(directory)"
        }
    }
}
