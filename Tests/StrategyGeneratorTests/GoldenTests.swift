import Foundation
import StrategyGenerator
import Testing

/// Each shipped spec → the whole generated files kept in `Tests/Goldens/NAME`.
///
/// The same specs are compiled and run through the build plugin by `EndToEndTests`.
@Suite struct GoldenTests {
    /// The names of the shipped specs, `specs/NAME.yaml`.
    static let shippedSpecs: [String] = {
        let names = (try? FileManager.default.contentsOfDirectory(atPath: Paths.specs.path)) ?? []
        return names.filter { $0.hasSuffix(".yaml") }.map { String($0.dropLast(5)) }.sorted()
    }()

    @Test(arguments: shippedSpecs)
    func generatedFilesMatchTheirGoldens(spec: String) throws {
        let generated = try GeneratorPipeline.generate(specAt: Paths.specs.appendingPathComponent("\(spec).yaml").path)

        try Golden.assertMatches(generated.files, folder: Paths.goldens.appendingPathComponent(spec))
    }

    @Test func everyShippedSpecHasGoldensAndIsBuiltByThePluginForTheEndToEndTests() throws {
        let goldens = try FileManager.default.contentsOfDirectory(atPath: Paths.goldens.path).filter { $0 != "fragments" }
        let endToEnd = Paths.root.appendingPathComponent("Tests/EndToEndTests")
        let built = try FileManager.default.contentsOfDirectory(atPath: endToEnd.path).filter { $0.hasSuffix(".yaml") }

        #expect(Self.shippedSpecs.count >= 5)
        #expect(goldens.sorted() == Self.shippedSpecs)
        #expect(built.map { String($0.dropLast(5)) }.sorted() == Self.shippedSpecs)
        for name in built {
            // The plugin's specs are the shipped ones themselves, not copies that could drift.
            let target = try FileManager.default.destinationOfSymbolicLink(atPath: endToEnd.appendingPathComponent(name).path)
            #expect(target == "../../specs/\(name)")
        }
        // The end-to-end target has no configuration, so the plugin writes exactly the goldens.
        #expect(!FileManager.default.fileExists(atPath: endToEnd.appendingPathComponent("strategy-gen-config.yaml").path))
    }

    @Test func outputFileNamesComeFromTheSpecFileNameAlone() throws {
        let generated = try GeneratorPipeline.generate(specAt: Paths.specs.appendingPathComponent("users.yaml").path)

        #expect(generated.files.map(\.name) == GeneratorPipeline.outputFileNames(forSpecAt: "anywhere/users.yaml"))
        #expect(GeneratorPipeline.outputFileNames(forSpecAt: "api/shop.v2.yml") == [
            "shop.v2.Models.swift", "shop.v2.Errors.swift", "shop.v2.Strategies.swift", "shop.v2.Client.swift",
            "shop.v2.Stubs.swift", "shop.v2.Samples.swift",
        ])
    }
}

/// The golden harness itself: what a mismatch prints, and the re-record switch.
@Suite struct GoldenHarnessTests {
    let folder: URL
    let expected = GeneratedFile(name: "a.swift", contents: "struct A {\n    var one: Int\n    var two: Int\n}\n")

    init() throws {
        folder = try makeTemporaryDirectory()
        try Data(expected.contents.utf8).write(to: folder.appendingPathComponent("a.swift"))
    }

    @Test func aMismatchPrintsALineDiffWithContext() throws {
        let changed = GeneratedFile(name: "a.swift", contents: "struct A {\n    var one: Int\n    var three: Int\n}\n")

        let problems = try Golden.problems([changed], folder: folder, environment: [:])

        #expect(problems == ["""
            a.swift differs from its golden file (- expected, + generated):
              struct A {
                  var one: Int
            -     var two: Int
            +     var three: Int
              }
            \u{20}\u{20}
            """])
    }

    @Test func matchingFilesHaveNoProblemsAndMissingOrStaleOnesAreNamed() throws {
        #expect(try Golden.problems([expected], folder: folder, environment: [:]).isEmpty)

        let problems = try Golden.problems([GeneratedFile(name: "b.swift", contents: "")], folder: folder, environment: [:])

        #expect(problems == [
            "golden file a.swift is no longer generated; re-record with RECORD_GOLDENS=1",
            "no golden file \(folder.appendingPathComponent("b.swift").path); record it with RECORD_GOLDENS=1",
        ])
    }

    @Test func aRecordingRunWritesTheFilesAndStillFails() throws {
        let changed = GeneratedFile(name: "a.swift", contents: "struct A {}\n")

        let problems = try Golden.problems([changed], folder: folder, environment: ["RECORD_GOLDENS": "1"])

        #expect(problems.count == 1)
        #expect(problems.first?.hasPrefix("recorded 1 golden files in ") == true)
        #expect(try String(contentsOf: folder.appendingPathComponent("a.swift"), encoding: .utf8) == "struct A {}\n")
    }

    @Test func ciNeverRecords() throws {
        let changed = GeneratedFile(name: "a.swift", contents: "struct A {}\n")

        let problems = try Golden.problems([changed], folder: folder, environment: ["RECORD_GOLDENS": "1", "CI": "true"])

        #expect(problems.first == "RECORD_GOLDENS is refused where CI is set: goldens are recorded by hand and committed")
        #expect(problems.count == 2)  // and the mismatch itself
        #expect(try String(contentsOf: folder.appendingPathComponent("a.swift"), encoding: .utf8) == expected.contents)
    }
}
