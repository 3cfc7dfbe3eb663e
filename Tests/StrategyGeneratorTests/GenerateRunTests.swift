import Foundation
import StrategyGenerator
import Testing

/// What a `generate` run does to the output folder and what it says about it.
@Suite struct GenerateRunTests {
    /// A folder with a spec `notes.yaml` whose model `Unused` is a warning at 6:3.
    private func folderWithSpec() throws -> (folder: URL, spec: String) {
        let folder = try makeTemporaryDirectory()
        let spec = folder.appendingPathComponent("notes.yaml")
        try """
            api: Notes
            servers:
              production: https://api.example.com
            models:
              Note: { id: Int }
              Unused: { id: Int }
            strategies:
              GetNote: { GET: "/notes/{id}", path: { id: Int }, returns: Note }

            """.write(to: spec, atomically: true, encoding: .utf8)
        return (folder, spec.path)
    }

    private func inode(_ path: String) throws -> Int? {
        try FileManager.default.attributesOfItem(atPath: path)[.systemFileNumber] as? Int
    }

    @Test func theOutputFolderIsWrittenIntoNotReplaced() async throws {
        let folder = try makeTemporaryDirectory()
        defer { try? FileManager.default.removeItem(at: folder) }
        try FileManager.default.createDirectory(at: folder.appendingPathComponent("Sources"), withIntermediateDirectories: true)
        try Data("mine".utf8).write(to: folder.appendingPathComponent("Sources/Mine.swift"))
        let before = try inode(folder.path), mine = try inode(folder.appendingPathComponent("Sources/Mine.swift").path)

        let first = try await runStrategyGen(["generate", "specs/users.yaml", "--output", folder.path])
        let again = try await runStrategyGen(["generate", "specs/users.yaml", "specs/auctions.yaml", "--output", folder.path])

        #expect(first.status == 0 && again.status == 0, "\(first.standardError)\(again.standardError)")
        #expect(try inode(folder.path) == before)
        #expect(try inode(folder.appendingPathComponent("Sources/Mine.swift").path) == mine)
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder.path).filter { $0.hasPrefix(".") }.isEmpty)
    }

    @Test func filesASpecNoLongerGeneratesAreReportedByCheckAndRemovedByGenerate() async throws {
        let folder = try makeTemporaryDirectory()
        defer { try? FileManager.default.removeItem(at: folder) }
        let config = folder.appendingPathComponent("config.yaml")
        try "generate: [models, errors, strategies]\n".write(to: config, atomically: true, encoding: .utf8)
        let output = folder.appendingPathComponent("Generated")
        _ = try await runStrategyGen(["generate", "specs/users.yaml", "specs/auctions.yaml", "--output", output.path])
        // A file of the user's that only looks like a generated one, and one generated from another spec.
        try "// Notes on users.yaml\n".write(to: output.appendingPathComponent("users.Notes.swift"), atomically: true, encoding: .utf8)

        let check = try await runStrategyGen(["generate", "specs/users.yaml", "--config", config.path, "--output", output.path, "--check"])
        let generate = try await runStrategyGen(["generate", "specs/users.yaml", "--config", config.path, "--output", output.path])
        let checkAgain = try await runStrategyGen(["generate", "specs/users.yaml", "--config", config.path, "--output", output.path, "--check"])

        #expect(check.status == 1)
        #expect(check.standardError == """
            error: \(output.path)/users.Client.swift is no longer generated from users.yaml; generate without --check to remove it
            error: \(output.path)/users.Samples.swift is no longer generated from users.yaml; generate without --check to remove it
            error: \(output.path)/users.Stubs.swift is no longer generated from users.yaml; generate without --check to remove it

            """)
        #expect(generate.status == 0)
        #expect(generate.standardOutput == "specs/users.yaml: 0 files written, 3 unchanged, 3 removed\n")
        let left = try FileManager.default.contentsOfDirectory(atPath: output.path).sorted()
        #expect(left == ["auctions.Client.swift", "auctions.Errors.swift", "auctions.Models.swift", "auctions.Samples.swift", "auctions.Strategies.swift",
                         "auctions.Stubs.swift", "users.Errors.swift", "users.Models.swift", "users.Notes.swift", "users.Strategies.swift"])
        #expect(checkAgain.status == 0 && checkAgain.standardError.isEmpty)
    }

    @Test func aRunLineCountsWarningsNotNotes() async throws {
        let folder = try makeTemporaryDirectory()
        defer { try? FileManager.default.removeItem(at: folder) }
        // A list paged by a cursor: the import says so in a note, and finds nothing wrong.
        let document = folder.appendingPathComponent("items.yaml")
        try """
            openapi: 3.0.3
            info: { title: Items, version: "1" }
            servers: [{ url: "https://api.example.com" }]
            paths:
              /items:
                get:
                  operationId: listItems
                  parameters:
                    - { name: cursor, in: query, schema: { type: string } }
                  responses:
                    "200":
                      description: A page of items.
                      content:
                        application/json:
                          schema:
                            type: object
                            required: [items]
                            properties:
                              items: { type: array, items: { type: string } }
                              next_cursor: { type: string }

            """.write(to: document, atomically: true, encoding: .utf8)
        let output = folder.appendingPathComponent("Generated").path

        let run = try await runStrategyGen(["generate", document.path, "--output", output, "--diagnostic-style", "plain"])

        #expect(run.status == 0)
        #expect(run.standardError.contains(": note: pagination inferred for"))
        #expect(!run.standardError.contains("warning:"))
        #expect(run.standardOutput.hasPrefix("\(document.path): ") && !run.standardOutput.contains("warning"))
    }

    @Test func eachSpecGetsALineSayingWhatItsRunDid() async throws {
        let (folder, spec) = try folderWithSpec()
        defer { try? FileManager.default.removeItem(at: folder) }
        let output = folder.appendingPathComponent("Generated").path

        let first = try await runStrategyGen(["generate", spec, "specs/users.yaml", "--output", output, "--diagnostic-style", "plain"])
        let second = try await runStrategyGen(["generate", spec, "specs/users.yaml", "--output", output])
        let quiet = try await runStrategyGen(["generate", spec, "--output", output, "--quiet", "--diagnostic-style", "plain"])

        #expect(first.status == 0)
        #expect(first.standardOutput == "\(spec): 6 files written, 0 unchanged, 0 removed; 1 warning\nspecs/users.yaml: 6 files written, 0 unchanged, 0 removed\n")
        #expect(first.standardError == "\(spec):6:3: warning: model 'Unused' is not used by any strategy\n")
        #expect(second.standardOutput == "\(spec): 0 files written, 6 unchanged, 0 removed; 1 warning\nspecs/users.yaml: 0 files written, 6 unchanged, 0 removed\n")
        #expect(quiet.status == 0)
        #expect(quiet.standardOutput.isEmpty)
        #expect(quiet.standardError == "\(spec):6:3: warning: model 'Unused' is not used by any strategy\n")
    }

    @Test func warningsAsErrorsFailsAndWritesNothing() async throws {
        let (folder, spec) = try folderWithSpec()
        defer { try? FileManager.default.removeItem(at: folder) }
        let output = folder.appendingPathComponent("Generated")

        let result = try await runStrategyGen(["generate", spec, "--output", output.path, "--warnings-as-errors", "--diagnostic-style", "plain"])
        let validate = try await runStrategyGen(["validate", spec, "--warnings-as-errors", "--diagnostic-style", "plain"])

        #expect(result.status == 1)
        #expect(result.standardError == "\(spec):6:3: error: model 'Unused' is not used by any strategy\n")
        #expect(result.standardOutput.isEmpty)
        #expect(!FileManager.default.fileExists(atPath: output.path))
        #expect(validate.status == 1)
        #expect(validate.standardError == result.standardError)
    }

    @Test func diagnosticsArePrintedInFileAndLineOrder() async throws {
        let folder = try makeTemporaryDirectory()
        defer { try? FileManager.default.removeItem(at: folder) }
        let later = folder.appendingPathComponent("b.yaml"), earlier = folder.appendingPathComponent("a.yaml")
        try "api: B\nservers: { production: https://b.example.com }\nmodels:\n  Unused: { id: Int }\nstrategies:\n  Get: { GET: /b, returns: Strnig }\n"
            .write(to: later, atomically: true, encoding: .utf8)
        try "api: A\nservers: { production: https://a.example.com }\nstrategies:\n  Get: { GET: /a, retruns: Int }\n"
            .write(to: earlier, atomically: true, encoding: .utf8)

        let result = try await runStrategyGen(["validate", later.path, earlier.path, "--diagnostic-style", "plain"])

        #expect(result.status == 1)
        #expect(result.standardError == """
            \(earlier.path):4:19: error: unknown key 'retruns' in strategy 'Get'; did you mean 'returns'?
            \(later.path):4:3: warning: model 'Unused' is not used by any strategy
            \(later.path):6:28: error: unknown type 'Strnig'; define it under 'models' or use a built-in type; did you mean 'String'?

            """)
    }
}
