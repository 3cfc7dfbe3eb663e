import ArgumentParser
import Foundation
import StrategyGenerator

@main
struct StrategyGen: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "strategy-gen",
        abstract: "Generates typed Swift API clients from StrategyKit spec files.",
        discussion: """
            Exit codes: 0 success; 1 a spec has errors (nothing is written) or, with --check, \
            generated files are out of date; 64 bad arguments.
            """,
        version: "0.1.0",
        subcommands: [Generate.self, Validate.self]
    )
}

struct Generate: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Generate Swift files from specs.",
        discussion: "Example: strategy-gen generate specs/users.yaml --output Sources/UsersAPI/Generated"
    )

    @Argument(help: "Spec files (.yaml).")
    var specs: [String]

    @Option(help: "The folder to write the generated files into.")
    var output: String

    @Flag(help: "Write nothing; fail and list the files that would change.")
    var check = false

    func run() throws {
        let generated = try generateAll(specs)
        let files = generated.flatMap(\.files)
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
            printError("error: cannot write to '\(output)': \(error.localizedDescription)")
            throw ExitCode.failure
        }
    }
}

struct Validate: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Check specs and report every problem, writing nothing.",
        discussion: "Example: strategy-gen validate specs/users.yaml"
    )

    @Argument(help: "Spec files (.yaml).")
    var specs: [String]

    func run() throws {
        _ = try generateAll(specs)
    }
}

/// Runs the pipeline on every spec, printing all diagnostics; fails if any spec has an error.
private func generateAll(_ specs: [String]) throws -> [GeneratedSpec] {
    var results: [GeneratedSpec] = []
    var failed = false
    for spec in specs {
        do {
            let generated = try GeneratorPipeline.generate(specAt: spec)
            generated.warnings.forEach { printError($0.description) }
            results.append(generated)
        } catch {
            error.diagnostics.forEach { printError($0.description) }
            failed = true
        }
    }
    if failed { throw ExitCode.failure }
    let names = results.flatMap(\.files).map(\.name)
    let repeated = Set(names.filter { name in names.filter { $0 == name }.count > 1 })
    guard repeated.isEmpty else {
        printError("error: several specs share a file name, so they would write the same files (\(repeated.sorted().joined(separator: ", "))); rename one of them")
        throw ExitCode.failure
    }
    return results
}

private func printError(_ line: String) {
    FileHandle.standardError.write(Data((line + "\n").utf8))
}
