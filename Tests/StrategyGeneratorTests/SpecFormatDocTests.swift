import Foundation
import StrategyGenerator
import Testing

/// `Documentation/SpecFormat.md` stays true to the generator:
///
/// - every ` ```yaml ` block is a whole spec that generates with no diagnostic, and the code it
///   generates type-checks without errors;
/// - every ` ```yaml bad ` block produces exactly the diagnostics of the ` ```text ` block after it,
///   the spec's file named `example.yaml`;
/// - every key the loader accepts (``SpecKeys``) is written as inline code in the section of its part.
///
/// A block whose first line is `# file: NAME.yaml` is written under that name beside every
/// example, so another example can `uses` it.
@Suite struct SpecFormatDocTests {
    static let path = "Documentation/SpecFormat.md"
    static let document = MarkdownDocument(
        (try? String(contentsOf: Paths.root.appendingPathComponent(path), encoding: .utf8)) ?? ""
    )

    static let examples = document.blocks.filter { $0.info == "yaml" }
    static let badExamples = document.blocks.filter { $0.info == "yaml bad" }

    /// Examples written under their own names, for others to use.
    static let namedExamples = examples.filter { $0.fileName != nil }

    /// Each part of a spec, the keys the loader accepts in it, and the section that documents them.
    static let parts: [DocumentedPart] = [
        DocumentedPart("spec", SpecKeys.spec, in: "## The top level"),
        DocumentedPart("server", SpecKeys.server, in: "## Servers"),
        DocumentedPart("serverVariable", SpecKeys.serverVariable, in: "## Servers"),
        DocumentedPart("defaults", SpecKeys.defaults, in: "## Defaults"),
        DocumentedPart("arrayStyles", SpecKeys.arrayStyles, in: "## Defaults"),
        DocumentedPart("dateFormats", SpecKeys.dateFormats.keys.sorted(), in: "### Dates"),
        DocumentedPart("authScheme", SpecKeys.authScheme, in: "## Authentication"),
        DocumentedPart("apiKey", SpecKeys.apiKey, in: "## Authentication"),
        DocumentedPart("bearer", SpecKeys.bearer, in: "### Bearer tokens"),
        DocumentedPart("objectModel", SpecKeys.objectModel, in: "### Object models"),
        DocumentedPart("enumModel", SpecKeys.enumModel, in: "### Enum models"),
        DocumentedPart("unionModel", SpecKeys.unionModel, in: "### Unions"),
        DocumentedPart("field", SpecKeys.field, in: "### Fields"),
        DocumentedPart("constant", SpecKeys.constant, in: "### Parameters"),
        DocumentedPart("error", SpecKeys.error, in: "## Errors"),
        DocumentedPart("errorCondition", SpecKeys.errorCondition, in: "## Errors"),
        DocumentedPart("errorCase", SpecKeys.errorCase, in: "## Errors"),
        DocumentedPart("headerCase", SpecKeys.headerCase, in: "## Errors"),
        DocumentedPart("methods", SpecKeys.methods, in: "## Strategies"),
        DocumentedPart("strategy", SpecKeys.strategy, in: "## Strategies"),
        DocumentedPart("body", SpecKeys.body, in: "### Bodies"),
        DocumentedPart("retry", SpecKeys.retry, in: "### Auth, timeout, retry and skip"),
        DocumentedPart("interface", SpecKeys.interface, in: "## Interfaces"),
        DocumentedPart("pagination", SpecKeys.pagination, in: "### Pagination"),
        DocumentedPart("stream", SpecKeys.stream, in: "### Streamed responses"),
    ]

    @Test func theDocumentHasExamplesOfEveryKind() {
        #expect(Self.examples.count >= 20, "found \(Self.examples.count) yaml examples in \(Self.path)")
        #expect(!Self.badExamples.isEmpty)
        #expect(!Self.namedExamples.isEmpty)
    }

    /// A misspelt info string (` ```yml `) would quietly leave an example unchecked.
    @Test func everyBlockIsOfAKindTheTestsKnow() {
        let known: Set = ["yaml", "yaml bad", "text", "swift", "sh"]
        for block in Self.document.blocks where !known.contains(block.info) {
            Issue.record("\(block): unknown info string '\(block.info)'; use one of \(known.sorted())")
        }
        for problem in Self.document.problems {
            Issue.record("\(Self.path): \(problem)")
        }
    }

    @Test(arguments: examples)
    func exampleGeneratesWithoutDiagnostics(example: FencedBlock) throws {
        let folder = try Self.writeExamples(with: example)
        defer { try? FileManager.default.removeItem(at: folder.url) }

        do {
            let generated = try GeneratorPipeline.generate(specAt: folder.spec)
            #expect(generated.warnings.isEmpty, "\(example):\n\(folder.relative(generated.warnings))")
        } catch {
            Issue.record("\(example) has errors:\n\(folder.relative(error.diagnostics))")
        }
    }

    @Test(arguments: examples)
    func exampleCodeTypeChecks(example: FencedBlock) async throws {
        let folder = try Self.writeExamples(with: example)
        defer { try? FileManager.default.removeItem(at: folder.url) }
        // A named example may use the others, so their code is compiled with it.
        let specs = [folder.spec] + (example.fileName == nil ? [] : folder.namedSpecs.filter { $0 != folder.spec })
        var sources: [String] = []
        for (index, spec) in specs.enumerated() {
            guard let generated = try? GeneratorPipeline.generate(specAt: spec) else { return }  // reported above
            let output = folder.url.appendingPathComponent("Generated\(index)")
            try OutputWriter.write(generated.files, to: output)
            sources += generated.files.map { output.appendingPathComponent($0.name).path }
        }

        let result = try await run("swiftc", ["-swift-version", "6", "-typecheck", "-I", Paths.modules.path] + sources)

        #expect(result.status == 0, "\(example):\n\(result.standardError)")
        #expect(!result.standardError.contains("warning:"), "\(example):\n\(result.standardError)")
    }

    @Test(arguments: badExamples)
    func badExampleProducesTheDiagnosticsShownAfterIt(example: FencedBlock) throws {
        let expected = try #require(
            Self.document.block(after: example).flatMap { $0.info == "text" ? $0.text : nil },
            "\(example) must be followed by a ```text block with its diagnostics"
        )
        let folder = try Self.writeExamples(with: example)
        defer { try? FileManager.default.removeItem(at: folder.url) }

        var diagnostics: [Diagnostic]
        do {
            diagnostics = try GeneratorPipeline.generate(specAt: folder.spec).warnings
        } catch {
            diagnostics = error.diagnostics
        }

        #expect(!diagnostics.isEmpty, "\(example) produces no diagnostic")
        #expect(folder.relative(diagnostics) == expected.trimmingCharacters(in: .newlines), "\(example)")
    }

    @Test(arguments: parts)
    func everyKeyIsDocumentedInItsSection(part: DocumentedPart) throws {
        let section = try #require(Self.document.section(part.heading), "\(Self.path) has no section '\(part.heading)'")
        for key in part.keys where !section.contains("`\(key)`") {
            Issue.record("'\(key)' (SpecKeys.\(part.name)) is not written as `\(key)` in section '\(part.heading)' of \(Self.path)")
        }
    }

    /// Writes every named example, then `example` (as `example.yaml` unless it has a name),
    /// into a new temporary folder.
    static func writeExamples(with example: FencedBlock) throws -> ExampleFolder {
        let url = try makeTemporaryDirectory()
        func write(_ text: String, as name: String) throws -> String {
            let file = url.appendingPathComponent(name)
            try FileManager.default.createDirectory(at: file.deletingLastPathComponent(), withIntermediateDirectories: true)
            try Data(text.utf8).write(to: file)
            return file.path
        }
        let named = try namedExamples.map { try write($0.text, as: $0.fileName ?? "") }
        let spec = try write(example.text, as: example.fileName ?? "example.yaml")
        return ExampleFolder(url: url, spec: spec, namedSpecs: named)
    }
}

/// A temporary folder holding an example spec and the named examples beside it.
struct ExampleFolder {
    var url: URL
    /// The example's own spec file.
    var spec: String
    var namedSpecs: [String]

    /// Diagnostics one a line, with files named relative to the folder, as `strategy-gen` prints
    /// them when run in it.
    func relative(_ diagnostics: [Diagnostic]) -> String {
        diagnostics.map(\.description).joined(separator: "\n").replacingOccurrences(of: url.path + "/", with: "")
    }
}

/// The keys of one part of a spec and the heading of the section that must document them.
struct DocumentedPart: Sendable, CustomTestStringConvertible {
    var name: String
    var keys: [String]
    var heading: String

    init(_ name: String, _ keys: [String], in heading: String) {
        self.name = name
        self.keys = keys
        self.heading = heading
    }

    var testDescription: String { name }
}

/// A fenced code block of a Markdown document.
struct FencedBlock: Sendable, CustomTestStringConvertible, CustomStringConvertible {
    /// What follows the opening fence, e.g. `yaml` or `yaml bad`.
    var info: String
    /// The 1-based line of the block's first line of text.
    var line: Int
    /// The block's text, each line ended by a newline.
    var text: String

    /// `NAME` when the first line is `# file: NAME`.
    var fileName: String? {
        let first = text.prefix { $0 != "\n" }
        guard first.hasPrefix("# file: ") else { return nil }
        return first.dropFirst("# file: ".count).trimmingCharacters(in: .whitespaces)
    }

    var description: String { "\(SpecFormatDocTests.path):\(line)" }
    var testDescription: String { "line \(line)" }
}

/// The fenced blocks and sections of a Markdown document; just enough Markdown for these tests.
struct MarkdownDocument: Sendable {
    let lines: [String]
    private(set) var blocks: [FencedBlock] = []
    /// Line indices (0-based) of headings, outside code blocks.
    private(set) var headings: [Int] = []
    private(set) var problems: [String] = []

    init(_ text: String) {
        lines = text.components(separatedBy: "\n")
        var index = 0
        while index < lines.count {
            let line = lines[index]
            if line.hasPrefix("```") {
                let info = String(line.dropFirst(3)).trimmingCharacters(in: .whitespaces)
                let start = index + 1
                guard let end = lines[start...].firstIndex(of: "```") else {
                    problems.append("line \(index + 1): a ``` block is never closed")
                    break
                }
                let text = lines[start..<end].map { $0 + "\n" }.joined()
                blocks.append(FencedBlock(info: info, line: start + 1, text: text))
                index = end + 1
                continue
            }
            if line.hasPrefix("#") {
                headings.append(index)
            }
            index += 1
        }
    }

    /// The block right after `block`, if any.
    func block(after block: FencedBlock) -> FencedBlock? {
        blocks.firstIndex { $0.line == block.line }.flatMap { $0 + 1 < blocks.count ? blocks[$0 + 1] : nil }
    }

    /// The text from the heading written exactly as `heading` (e.g. `## Servers`) to the next
    /// heading of the same or a higher level.
    func section(_ heading: String) -> String? {
        func level(_ line: String) -> Int { line.prefix { $0 == "#" }.count }
        guard let start = headings.first(where: { lines[$0] == heading }) else { return nil }
        let end = headings.first { index in index > start && level(lines[index]) <= level(heading) } ?? lines.count
        return lines[start..<end].joined(separator: "\n")
    }
}
