import ArgumentParser
import Foundation
import StrategyGenerator

@main
struct StrategyGen: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "strategy-gen",
        abstract: "Generates typed Swift API clients from StrategyKit specs and OpenAPI documents.",
        discussion: """
            A spec is a StrategyKit spec (its top level names the API: 'api: Users') or an OpenAPI \
            3.0 or 3.1 or Swagger 2.0 document, in YAML (.yaml, .yml) or JSON (.json). \
            Each spec NAME.yaml becomes NAME.Models.swift, NAME.Errors.swift, \
            NAME.Strategies.swift, NAME.Client.swift, NAME.Stubs.swift and NAME.Samples.swift. A \
            spec of 128 KiB or more has its models, strategies, samples and client methods split \
            into files of like size, so the compiler builds them on every core: NAME.1.Client.swift, \
            NAME.1.Models.swift, NAME.1.Strategies.swift, NAME.1.Samples.swift and so on, one of \
            each for each 64 KiB, \
            4 to 8, and from 1 MiB one for each 128 KiB, at most 32 (--split).

            Examples:
              strategy-gen generate specs/users.yaml --output Sources/UsersAPI/Generated
              strategy-gen generate specs/*.yaml --output Generated --config config.yaml
              strategy-gen generate specs/users.yaml --output Generated --check
              strategy-gen validate specs/users.yaml

            Problems are printed as 'path:line:column: error: message', every one in a single run, \
            in file and line order; columns count UTF-8 bytes, as swiftc and clang count them, and \
            text quoted from a spec has its control characters escaped, so a problem's line never \
            breaks. Under it come the line of the file it points to and a caret under the column, as \
            swiftc shows them; --diagnostic-style plain leaves them out, for tools that read the output.

            Exit status: 0 success; 1 a spec or the configuration has errors (nothing is \
            written), the output folder can't be written, or --check found files that would \
            change; 64 bad arguments.
            """,
        version: "0.1.0",
        subcommands: [Generate.self, Validate.self]
    )
}

/// What `generate` and `validate` both take.
struct SpecOptions: ParsableArguments {
    @Argument(help: "Specs: StrategyKit spec files, or OpenAPI 3.0, 3.1 or Swagger 2.0 documents, in YAML or JSON.")
    var specs: [String]

    @Option(help: ArgumentHelp(
        """
        A YAML configuration file for every spec, with any of these keys: 'access' (public, \
        package or internal); 'generate' (the parts to write: models, errors, strategies, client, \
        stubs, samples); 'imports' (modules every generated file imports); 'models' with 'conformances' \
        (Equatable, Hashable: added to every model); 'rename' (spec name: Swift name); \
        'operations' with 'tags', 'operationIds' and 'paths' (of an OpenAPI document, only the \
        operations selected and what they use); 'importWarnings' (quiet: what importing a \
        document warns of is one note); 'pagination' with 'infer' (false: no paging inferred \
        for a document's lists) and 'operations' (operationId or strategy name: link, nextURL, \
        cursor, afterLastItem, offset, page, none, or the spec format's pagination keys).
        """,
        valueName: "file"))
    var config: String?

    @Flag(help: "Print warnings as errors and fail if there is one, writing nothing.")
    var warningsAsErrors = false

    @Flag(help: "Print every warning at its place, rather than one line for a cause of five or more with how many more it has.")
    var verbose = false

    @Option(help: ArgumentHelp(
        "How problems are printed: 'source' (each with the line it points to and a caret under its column) or 'plain' (one line each, for tools that read the output).",
        valueName: "style"))
    var diagnosticStyle: DiagnosticStyle = .source

    /// Loads the configuration, then runs the pipeline on every spec; prints every diagnostic in
    /// file and line order, and fails if the configuration or any spec has an error.
    func generateAll(placeholders: Bool = false, layout: FileLayout? = nil) throws -> [(path: String, generated: GeneratedSpec)] {
        var configuration: GeneratorConfig
        do {
            configuration = try config.map(ConfigLoader.load(contentsOf:)) ?? .standard
            configuration.paging.notesUnpagedLists = verbose
        } catch {
            printDiagnostics(error.diagnostics)
            throw ExitCode.failure
        }
        var results: [(path: String, generated: GeneratedSpec)] = []
        var diagnostics: [Diagnostic] = []
        for spec in specs {
            do {
                let generated = try GeneratorPipeline.generate(specAt: spec, config: configuration, placeholders: placeholders, layout: layout)
                diagnostics += generated.warnings
                results.append((spec, generated))
            } catch {
                diagnostics += error.diagnostics
            }
        }
        if results.count == specs.count {
            diagnostics += configuration.unusedRenames(in: results.map(\.generated))
        }
        printDiagnostics(diagnostics)
        let failing = diagnostics.contains { $0.severity == .error || warningsAsErrors && $0.severity == .warning }
        guard results.count == specs.count, !failing else { throw ExitCode.failure }
        try refuseSharedFileNames(results)
        return results
    }

    /// Prints each diagnostic once, in file and line order, in the style asked for (by default
    /// with the line it points to); warnings as errors if asked. Five or
    /// more warnings (or notes) of one cause (the same message but for the names it quotes and the
    /// place it points to) are one line, at the first place, saying how many more there are, unless
    /// `--verbose`: a
    /// document a user can't change may give thousands, which would hide the user's own.
    func printDiagnostics(_ diagnostics: [Diagnostic]) {
        var seen: Set<Diagnostic> = []
        let unique = (verbose ? diagnostics : PagingNotes.grouped(diagnostics)).sortedByLocation().filter { seen.insert($0).inserted }
        var counts: [String: Int] = [:]
        if !verbose {
            for diagnostic in unique where diagnostic.severity != .error { counts[Self.cause(of: diagnostic), default: 0] += 1 }
        }
        var printed: Set<String> = []
        var printer = DiagnosticPrinter(style: diagnosticStyle)
        for var diagnostic in unique {
            warning: if diagnostic.severity != .error, !verbose {
                let cause = Self.cause(of: diagnostic), count = counts[cause] ?? 1
                guard count >= Self.groupedCount else { break warning }
                guard printed.insert(cause).inserted else { continue }
                diagnostic.message += "; \(count - 1) more like it (--verbose lists every one)"
            }
            if warningsAsErrors, diagnostic.severity == .warning { diagnostic.severity = .error }
            printError(printer.text(of: diagnostic))
        }
    }

    /// How many warnings of one cause are printed as one line.
    static let groupedCount = 5

    /// A warning's message without what it quotes or the JSON pointer it ends with, and its file.
    static func cause(of diagnostic: Diagnostic) -> String {
        var message = diagnostic.message
        if message.hasSuffix(")"), let open = message.range(of: " (#", options: .backwards) {
            message = String(message[..<open.lowerBound])
        }
        let range = NSRange(message.startIndex..., in: message)
        let cause = quotedName.stringByReplacingMatches(in: message, range: range, withTemplate: "$1''")
        return diagnostic.severity.rawValue + "\u{0}" + (diagnostic.location?.file ?? "") + "\u{0}" + cause
    }

    /// Fails, naming them, if two specs would write files of the same name.
    private func refuseSharedFileNames(_ results: [(path: String, generated: GeneratedSpec)]) throws {
        var failed = false
        for (index, first) in results.enumerated() {
            for second in results[(index + 1)...] {
                let shared = Set(first.generated.files.map(\.name)).intersection(second.generated.files.map(\.name))
                guard !shared.isEmpty else { continue }
                printError("error: \(first.path) and \(second.path) would both write \(shared.sorted().joined(separator: ", ")); rename one of them")
                failed = true
            }
        }
        if failed { throw ExitCode.failure }
    }
}

struct Generate: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Generate Swift files from specs.",
        discussion: """
            Writes nothing unless every spec is valid. Writes only the generated files: files whose \
            contents are already right are left untouched, the folder and other files in it are \
            never changed, and files a spec generated before but no longer does (their first line \
            says strategy-gen generated them from that spec) are removed. The files change as one \
            set: a run that fails or is killed leaves the folder all old, or is completed by the \
            next run.

            Prints one line a spec: the files written, unchanged and removed, and its warnings.

            Example:
              strategy-gen generate specs/users.yaml --output Sources/UsersAPI/Generated
            """
    )

    @OptionGroup var options: SpecOptions

    @Option(help: ArgumentHelp("The folder to write the generated files into; created if missing.", valueName: "folder"))
    var output: String

    @Flag(help: "Write nothing; fail and list the files that are missing, would change or would be removed.")
    var check = false

    @Flag(help: "Write a file holding only a header for each part the configuration leaves out, so every output a build tool declared exists.")
    var placeholders = false

    @Flag(help: "Print no line per spec; only problems.")
    var quiet = false

    @Option(help: ArgumentHelp(
        "Split each spec's models, strategies and client methods into this many files each, 1 to \(FileLayout.maximumSplit) (default: by the spec's size, 1 below 128 KiB, above one for each 64 KiB, 4 to 8, and from 1 MiB one for each 128 KiB, at most 32).",
        valueName: "files"))
    var split: Int?

    func validate() throws {
        if let split, !(1...FileLayout.maximumSplit).contains(split) {
            throw ValidationError("--split takes a number of files from 1 to \(FileLayout.maximumSplit); got \(split)")
        }
    }

    func run() throws {
        let results = try options.generateAll(placeholders: placeholders, layout: split.map(FileLayout.init(split:)))
        let directory = URL(fileURLWithPath: output, isDirectory: true)
        let files = results.flatMap(\.generated.files)
        let names = Set(files.map(\.name))
        let stale = results.map { result in
            result.generated.header.map { OutputWriter.filesGenerated(withHeader: $0, in: directory, keeping: names) } ?? []
        }
        if check {
            try reportOutdated(results, stale: stale, in: directory)
            return
        }
        let changes: [(file: String, change: OutputWriter.Change)]
        do {
            changes = try OutputWriter.write(files, to: directory, removing: stale.flatMap { $0 })
        } catch {
            printError(Diagnostic.error(error.description, at: nil).description)
            throw ExitCode.failure
        }
        guard !quiet else { return }
        for (result, staleFiles) in zip(results, stale) {
            let own = changes.filter { change in result.generated.files.contains { $0.name == change.file } }
            let written = own.filter { $0.change == .created || $0.change == .updated }.count
            let unchanged = own.filter { $0.change == .unchanged }.count
            let removed = changes.filter { $0.change == .removed && staleFiles.contains($0.file) }.count
            var line = "\(result.path): \(counted(written, "file")) written, \(unchanged) unchanged, \(removed) removed"
            // Notes (what was inferred) say nothing is wrong: only warnings are counted.
            let warnings = result.generated.warnings.filter { $0.severity == .warning }.count
            if warnings > 0 { line += "; \(counted(warnings, "warning"))" }
            print(line)
        }
    }

    /// Fails, naming each file that is missing, differs or would be removed.
    private func reportOutdated(_ results: [(path: String, generated: GeneratedSpec)], stale: [[String]], in directory: URL) throws {
        var found = false
        for (result, stale) in zip(results, stale) {
            for name in OutputWriter.outdated(result.generated.files, in: directory) {
                let path = directory.appendingPathComponent(name).path
                let state = FileManager.default.fileExists(atPath: path) ? "is out of date" : "is missing"
                printError("error: \(path) \(state); generate without --check to write it")
                found = true
            }
            for name in stale {
                let source = result.path.split(separator: "/").last.map(String.init) ?? result.path
                printError("error: \(directory.appendingPathComponent(name).path) is no longer generated from \(source); generate without --check to remove it")
                found = true
            }
        }
        if found { throw ExitCode.failure }
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

extension DiagnosticStyle: ExpressibleByArgument {}

/// `1 file`, `2 files`.
private func counted(_ count: Int, _ noun: String) -> String {
    "\(count) \(noun)\(count == 1 ? "" : "s")"
}

private func printError(_ line: String) {
    FileHandle.standardError.write(Data((line + "\n").utf8))
}

/// A name a message quotes: `'petId'` after a space or a parenthesis, before a space, punctuation
/// or the end, so the apostrophe of "can't" is not taken for one.
private let quotedName = try! NSRegularExpression(pattern: #"(^|[\s(])'[^']*'(?=$|[\s,;:.)])"#)

