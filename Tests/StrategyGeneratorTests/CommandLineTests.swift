import Foundation
import StrategyGenerator
import Testing

/// `strategy-gen` run as a person would run it.
@Suite struct CommandLineTests {
    @Test func generateWritesEveryFileThePipelineProduces() async throws {
        let folder = try makeTemporaryDirectory()
        defer { try? FileManager.default.removeItem(at: folder) }

        let result = try await runStrategyGen(["generate", "specs/users.yaml", "--output", folder.path])

        #expect(result.status == 0, "\(result.standardError)")
        let expected = try GeneratorPipeline.generate(specAt: Paths.specs.appendingPathComponent("users.yaml").path)
        for file in expected.files {
            let written = try String(contentsOf: folder.appendingPathComponent(file.name), encoding: .utf8)
            #expect(written == file.contents, "\(file.name)")
        }
    }

    @Test func separateRunsWriteByteIdenticalFiles() async throws {
        // Each process hashes with its own random seed, so an order taken from a hashed
        // collection would show up as a difference between two runs.
        let specs = GoldenTests.shippedSpecs.map { "specs/\($0).yaml" }
        let first = try makeTemporaryDirectory(), second = try makeTemporaryDirectory()
        defer { for folder in [first, second] { try? FileManager.default.removeItem(at: folder) } }

        for folder in [first, second] {
            let result = try await runStrategyGen(["generate"] + specs + ["--output", folder.path])
            #expect(result.status == 0, "\(result.standardError)")
        }

        let names = try FileManager.default.contentsOfDirectory(atPath: first.path).sorted()
        #expect(names.count == specs.count * 6)
        #expect(try FileManager.default.contentsOfDirectory(atPath: second.path).sorted() == names)
        for name in names {
            let one = try Data(contentsOf: first.appendingPathComponent(name))
            let other = try Data(contentsOf: second.appendingPathComponent(name))
            #expect(one == other, "\(name) differs between two runs")
        }
    }

    @Test func generateLeavesUnchangedFilesAndOtherFilesAlone() async throws {
        let folder = try makeTemporaryDirectory()
        defer { try? FileManager.default.removeItem(at: folder) }
        let ownFile = folder.appendingPathComponent("Handwritten.swift")
        try Data("struct Handwritten {}\n".utf8).write(to: ownFile)
        _ = try await runStrategyGen(["generate", "specs/users.yaml", "--output", folder.path])
        let models = folder.appendingPathComponent("users.Models.swift")
        let past = Date(timeIntervalSince1970: 1_000_000_000)
        try FileManager.default.setAttributes([.modificationDate: past], ofItemAtPath: models.path)

        let result = try await runStrategyGen(["generate", "specs/users.yaml", "--output", folder.path])

        #expect(result.status == 0)
        let modified = try FileManager.default.attributesOfItem(atPath: models.path)[.modificationDate] as? Date
        #expect(modified == past)
        #expect(try String(contentsOf: ownFile, encoding: .utf8) == "struct Handwritten {}\n")
    }

    @Test func oneBadSpecStopsEveryFileFromBeingWritten() async throws {
        let folder = try makeTemporaryDirectory()
        defer { try? FileManager.default.removeItem(at: folder) }

        let result = try await runStrategyGen(["generate", "specs/users.yaml", "specs/bad/unknown-key.yaml", "--output", folder.path])

        #expect(result.status == 1)
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder.path).isEmpty)
    }

    @Test func specsThatWouldWriteTheSameFilesAreRefused() async throws {
        let folder = try makeTemporaryDirectory()
        defer { try? FileManager.default.removeItem(at: folder) }
        let copy = folder.appendingPathComponent("copy/users.yaml")
        try FileManager.default.createDirectory(at: copy.deletingLastPathComponent(), withIntermediateDirectories: true)
        try FileManager.default.copyItem(at: Paths.specs.appendingPathComponent("users.yaml"), to: copy)
        let output = folder.appendingPathComponent("out")

        let result = try await runStrategyGen(["generate", "specs/users.yaml", copy.path, "--output", output.path])

        #expect(result.status == 1)
        #expect(result.standardError == "error: specs/users.yaml and \(copy.path) would both write users.Client.swift, users.Errors.swift, users.Models.swift, users.Samples.swift, users.Strategies.swift, users.Stubs.swift; rename one of them\n")
        #expect(!FileManager.default.fileExists(atPath: output.path))
    }

    @Test func validateAcceptsAGoodSpecQuietlyAndWritesNothing() async throws {
        let before = try FileManager.default.contentsOfDirectory(atPath: Paths.specs.path)

        let result = try await runStrategyGen(["validate", "specs/users.yaml"])

        #expect(result.status == 0)
        #expect(result.standardError.isEmpty)
        #expect(try FileManager.default.contentsOfDirectory(atPath: Paths.specs.path) == before)
    }

    @Test func checkFailsAndNamesTheFilesThatWouldChange() async throws {
        let folder = try makeTemporaryDirectory()
        defer { try? FileManager.default.removeItem(at: folder) }
        _ = try await runStrategyGen(["generate", "specs/users.yaml", "--output", folder.path])
        let client = folder.appendingPathComponent("users.Client.swift")
        try Data("// edited by hand\n".utf8).write(to: client)

        let result = try await runStrategyGen(["generate", "specs/users.yaml", "--output", folder.path, "--check"])

        #expect(result.status == 1)
        #expect(result.standardError == "error: \(client.path) is out of date; generate without --check to write it\n")
        #expect(try String(contentsOf: client, encoding: .utf8) == "// edited by hand\n")
    }

    @Test func missingSpecFileIsAnError() async throws {
        let result = try await runStrategyGen(["validate", "specs/no-such-spec.yaml"])

        #expect(result.status == 1)
        #expect(result.standardError == "specs/no-such-spec.yaml:1:1: error: cannot read the spec: there is no file at this path\n")
    }

    @Test func badArgumentsExitWith64AndSayWhatIsWrong() async throws {
        let missingOutput = try await runStrategyGen(["generate", "specs/users.yaml"])
        let unknownFlag = try await runStrategyGen(["validate", "specs/users.yaml", "--fast"])

        #expect(missingOutput.status == 64)
        #expect(missingOutput.standardError.contains("Missing expected argument '--output <folder>'"))
        #expect(unknownFlag.status == 64)
        #expect(unknownFlag.standardError.contains("Unknown option '--fast'"))
    }

    @Test func versionAndHelpAnswerWithoutASpec() async throws {
        let version = try await runStrategyGen(["--version"])
        let help = try await runStrategyGen(["--help"])
        let generateHelp = try await runStrategyGen(["generate", "--help"])

        #expect(version.status == 0)
        #expect(version.standardOutput.range(of: #"^\d+\.\d+\.\d+\n$"#, options: .regularExpression) != nil)
        #expect(help.status == 0)
        #expect(help.standardOutput.contains("Examples:\n  strategy-gen generate specs/users.yaml --output"))
        #expect(help.standardOutput.contains("Exit status: 0 success; 1 a spec or the configuration has errors"))
        #expect(generateHelp.standardOutput.contains("--config <file>"))
        #expect(generateHelp.standardOutput.contains("--check"))
    }

    @Test func configHelpNamesEveryKeyOfTheConfiguration() async throws {
        let help = try await runStrategyGen(["generate", "--help"])
        let text = help.standardOutput.split(whereSeparator: \.isWhitespace).joined(separator: " ")

        for key in SpecKeys.config + SpecKeys.configModels + SpecKeys.configOperations {
            #expect(text.contains("'\(key)"), "--config's help doesn't name '\(key)'")
        }
        for part in GeneratorConfig.Part.allCases {
            #expect(text.contains(part.rawValue))
        }
    }
}
