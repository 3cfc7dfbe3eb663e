import ArgumentParser
import Foundation
import StrategyGenerator

@main
struct StrategyGen: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "strategy-gen",
        abstract: "Generates typed Swift API clients from StrategyKit spec files.",
        discussion: """
            Each spec NAME.yaml becomes NAME.Models.swift, NAME.Errors.swift, \
            NAME.Strategies.swift, NAME.Client.swift and NAME.Stubs.swift.

            Examples:
              strategy-gen generate specs/users.yaml --output Sources/UsersAPI/Generated
              strategy-gen generate specs/*.yaml --output Generated --config config.yaml
              strategy-gen generate specs/users.yaml --output Generated --check
              strategy-gen validate specs/users.yaml

            Problems are printed as 'path:line:column: error: message', every one in a single run; \
            columns count UTF-8 bytes, as swiftc and clang count them, and text quoted from a spec \
            has its control characters escaped, so each problem is one line.

            Exit status: 0 success; 1 a spec or the configuration has errors (nothing is \
            written), or --check found files that would change; 64 bad arguments.
            """,
        version: "0.1.0",
        subcommands: [Generate.self, Validate.self]
    )
}

/// What `generate` and `validate` both take.
struct SpecOptions: ParsableArguments {
    @Argument(help: "Spec files (.yaml or .yml).")
    var specs: [String]

    @Option(help: ArgumentHelp("A configuration file: access level, parts to generate, extra imports, renames.", valueName: "file"))
    var config: String?

    /// Loads the configuration, then runs the pipeline on every spec, printing all diagnostics;
    /// fails if the configuration or any spec has an error.
    func generateAll(placeholders: Bool = false) throws -> [GeneratedSpec] {
        let configuration: GeneratorConfig
        do {
            configuration = try config.map(ConfigLoader.load(contentsOf:)) ?? .standard
        } catch {
            error.diagnostics.forEach { printError($0.description) }
            throw ExitCode.failure
        }
        var results: [GeneratedSpec] = []
        var failed = false
        for spec in specs {
            do {
                let generated = try GeneratorPipeline.generate(specAt: spec, config: configuration, placeholders: placeholders)
                generated.warnings.forEach { printError($0.description) }
                results.append(generated)
            } catch {
                error.diagnostics.forEach { printError($0.description) }
                failed = true
            }
        }
        if failed { throw ExitCode.failure }
        configuration.unusedRenames(in: results).forEach { printError($0.description) }
        let names = results.flatMap(\.files).map(\.name)
        let repeated = Set(names.filter { name in names.filter { $0 == name }.count > 1 })
        guard repeated.isEmpty else {
            printError("error: several specs share a file name, so they would write the same files (\(repeated.sorted().joined(separator: ", "))); rename one of them")
            throw ExitCode.failure
        }
        return results
    }
}

struct Generate: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Generate Swift files from specs.",
        discussion: """
            Writes nothing unless every spec is valid; files whose contents are already right \
            are left untouched, and other files in the folder are never changed. The files are \
            written as one set: a run that fails or is killed leaves the folder all old or all new.

            Example:
              strategy-gen generate specs/users.yaml --output Sources/UsersAPI/Generated
            """
    )

    @OptionGroup var options: SpecOptions

    @Option(help: ArgumentHelp("The folder to write the generated files into.", valueName: "folder"))
    var output: String

    @Flag(help: "Write nothing; fail and list the files that would change.")
    var check = false

    @Flag(help: "Write a file holding only a header for each part the configuration leaves out, so every output a build tool declared exists.")
    var placeholders = false

    func run() throws {
        let files = try options.generateAll(placeholders: placeholders).flatMap(\.files)
        let directory = URL(fileURLWithPath: output, isDirectory: true)
        if check {
            let outdated = OutputWriter.outdated(files, in: directory)
            guard outdated.isEmpty else {
                for name in outdated { printError("out of date: \(directory.appendingPathComponent(name).path)") }
                throw ExitCode.failure
            }
            return
        }
        do {
            try OutputWriter.write(files, to: directory)
        } catch {
            printError(Diagnostic.error("cannot write to '\(output)': \(error.localizedDescription)", at: nil).description)
            throw ExitCode.failure
        }
    }
}

struct Validate: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Check specs and report every problem, writing nothing.",
        discussion: """
            Example:
              strategy-gen validate specs/users.yaml
            """
    )

    @OptionGroup var options: SpecOptions

    func run() throws {
        _ = try options.generateAll()
    }
}

private func printError(_ line: String) {
    FileHandle.standardError.write(Data((line + "\n").utf8))
}
