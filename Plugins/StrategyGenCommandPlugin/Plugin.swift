import Foundation
import PackagePlugin

/// `swift package generate-strategies`: writes the client generated from each target's specs into
/// the target's `Generated` folder, for packages that commit generated code.
///
/// Specs are the StrategyKit specs (`api:` at their top level) and OpenAPI 3.0, 3.1 or Swagger 2.0
/// documents, in YAML or JSON, in the target's folder (list them under the target's
/// `exclude` so SwiftPM doesn't warn about them), with the target's `strategy-gen-config.yaml` if
/// it has one. Files whose contents are already right are left untouched.
///
///     swift package --allow-writing-to-package-directory generate-strategies [--target NAME ...]
@main
struct StrategyGenCommandPlugin: CommandPlugin {
    func performCommand(context: PluginContext, arguments: [String]) async throws {
        var extractor = ArgumentExtractor(arguments)
        let named = extractor.extractOption(named: "target")
        let targets = named.isEmpty ? context.package.targets : try context.package.targets(named: named)
        let generator = try context.tool(named: "strategy-gen").url
        var generatedAny = false
        for target in targets {
            guard let target = target as? SourceModuleTarget else {
                if !named.isEmpty { throw PluginError.notASourceTarget(target.name) }
                continue
            }
            let output = target.directoryURL.appending(path: "Generated")
            let found = try SpecFiles(specFiles(in: target.directoryURL, skipping: output), target: target.name)
            guard !found.specs.isEmpty else {
                if !named.isEmpty { throw PluginError.noSpec(target: target.name, directory: target.directoryURL.path) }
                continue
            }
            try run(generator, found.generateArguments(found.specs, output: output, placeholders: false), target: target.name)
            print("Generated the client of '\(target.name)' into \(output.path)")
            generatedAny = true
        }
        if !generatedAny {
            Diagnostics.warning("no target holds a spec (a StrategyKit spec naming its api:, or an OpenAPI or Swagger document, in YAML or JSON); nothing was generated")
        }
    }

    /// Every YAML file below `directory`, whether or not the target lists it as a source.
    private func specFiles(in directory: URL, skipping output: URL) -> [URL] {
        let files = FileManager.default.enumerator(at: directory, includingPropertiesForKeys: nil)?.compactMap { $0 as? URL } ?? []
        return files.filter { !$0.path.hasPrefix(output.path + "/") }
    }

    private func run(_ generator: URL, _ arguments: [String], target: String) throws {
        let process = Process()
        process.executableURL = generator
        process.arguments = arguments
        try process.run()
        process.waitUntilExit()
        guard process.terminationStatus == 0 else {
            throw PluginError.generatorFailed(target: target)
        }
    }
}
