import Foundation
import StrategyGenerator
import Testing

/// What every fragment and shipped spec generates type-checks against the runtime with no
/// warnings in Swift 6 mode. (The shipped specs are also built and run by `EndToEndTests`.)
@Suite struct CompileTests {
    static let specs: [URL] = {
        let fragments = FragmentTests.fragments.map { FragmentTests.folder.appendingPathComponent("\($0).yaml") }
        let names = (try? FileManager.default.contentsOfDirectory(atPath: Paths.specs.path)) ?? []
        return fragments + names.filter { $0.hasSuffix(".yaml") }.sorted().map { Paths.specs.appendingPathComponent($0) }
    }()

    @Test(arguments: specs)
    func generatedCodeTypeChecksWithoutWarnings(spec: URL) async throws {
        let folder = try makeTemporaryDirectory()
        defer { try? FileManager.default.removeItem(at: folder) }
        let generated = try GeneratorPipeline.generate(specAt: spec.path)
        try OutputWriter.write(generated.files, to: folder)
        let sources = generated.files.map { folder.appendingPathComponent($0.name).path }

        let result = try await run("swiftc", ["-swift-version", "6", "-typecheck", "-I", Paths.modules.path] + sources)

        #expect(result.status == 0, "\(result.standardError)")
        #expect(!result.standardError.contains("warning:"), "\(result.standardError)")
    }

    /// The same code split as a large spec's is, into three files of models, strategies, client
    /// methods and samples each.
    @Test(arguments: GoldenTests.shippedSpecs)
    func splitCodeTypeChecksWithoutWarnings(spec: String) async throws {
        let folder = try makeTemporaryDirectory()
        defer { try? FileManager.default.removeItem(at: folder) }
        let generated = try GeneratorPipeline.generate(specAt: Paths.specs.appendingPathComponent("\(spec).yaml").path, layout: FileLayout(split: 3))
        try OutputWriter.write(generated.files, to: folder)
        let sources = generated.files.map { folder.appendingPathComponent($0.name).path }

        let result = try await run("swiftc", ["-swift-version", "6", "-typecheck", "-I", Paths.modules.path] + sources)

        #expect(sources.count == 15)
        #expect(result.status == 0, "\(result.standardError)")
        #expect(!result.standardError.contains("warning:"), "\(result.standardError)")
    }
}
