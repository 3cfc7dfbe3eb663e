import Foundation
import Testing

/// `strategy-gen` prints each problem with the line it points to and a caret under its column, in
/// specs, OpenAPI documents in YAML or JSON and the configuration alike; `--diagnostic-style plain`
/// prints one line a problem, as the build plugin asks for.
@Suite final class DiagnosticStyleTests {
    let folder: URL

    init() throws {
        folder = try makeTemporaryDirectory()
    }

    deinit {
        try? FileManager.default.removeItem(at: folder)
    }

    private func write(_ name: String, _ text: String) throws -> String {
        let url = folder.appendingPathComponent(name)
        try text.write(to: url, atomically: true, encoding: .utf8)
        return url.path
    }

    @Test func generateAndValidateTakeThePlainStyle() async throws {
        let plain = """
            specs/bad/unknown-key.yaml:5:3: warning: model 'User' is not used by any strategy
            specs/bad/unknown-key.yaml:10:5: error: unknown key 'retruns' in strategy 'GetUser'; did you mean 'returns'?

            """
        let output = folder.appendingPathComponent("out").path

        let generate = try await runStrategyGen(["generate", "specs/bad/unknown-key.yaml", "--output", output, "--diagnostic-style", "plain"])
        let validate = try await runStrategyGen(["validate", "specs/bad/unknown-key.yaml", "--diagnostic-style", "plain"])
        let source = try await runStrategyGen(["validate", "specs/bad/unknown-key.yaml", "--diagnostic-style", "source"])
        let byDefault = try await runStrategyGen(["validate", "specs/bad/unknown-key.yaml"])

        #expect(generate.status == 1 && validate.status == 1)
        #expect(generate.standardError == plain)
        #expect(validate.standardError == plain)
        #expect(source.standardError == byDefault.standardError)
        #expect(byDefault.standardError.contains("10 |     retruns: User\n   |     ^\n"))
    }

    @Test func anUnknownStyleIsABadArgument() async throws {
        let result = try await runStrategyGen(["validate", "specs/users.yaml", "--diagnostic-style", "fancy"])

        #expect(result.status == 64)
        #expect(result.standardError.contains("Please provide one of 'source' and 'plain'"))
    }

    /// A JSON document written on one line shows the part of it around the column.
    @Test func aMinifiedJSONDocumentShowsItsLineAroundTheColumn() async throws {
        let paths = (0..<40).map { #""/items\#($0)":{"get":{"operationId":"getItem\#($0)","responses":{"200":{"description":"OK"}}}}"# }
        let broken = paths.joined(separator: ",").replacingOccurrences(of: #""/items20":{"get":{"#, with: #""/items20":{"get":,"x":{"#)
        let document = try write("items.json", #"{"openapi":"3.0.3","info":{"title":"Items","version":"1"},"paths":{"# + broken + "}}\n")

        let result = try await runStrategyGen(["validate", document])

        #expect(result.status == 1)
        #expect(result.standardError == #"""
            \#(document):1:1826: error: invalid JSON: expected a value, found ','
            1 | …responses":{"200":{"description":"OK"}}}},"/items20":{"get":,"x":{"operationId":"getItem20","responses":{"200":{"descrip…
              |                                                              ^

            """#)
    }

    @Test func anOpenAPIDocumentsWarningsShowTheirLines() async throws {
        let document = try write("cookies.yaml", """
            openapi: 3.0.3
            info: { title: Cookies, version: '1' }
            servers: [{ url: https://api.example.com }]
            paths:
              /items:
                get:
                  parameters:
                    - { name: "my tag", in: cookie, schema: { type: string } }
                  responses: { '200': { description: OK } }

            """)

        let result = try await runStrategyGen(["validate", document])

        #expect(result.status == 0)
        #expect(result.standardError == """
            \(document):8:11: warning: cookie 'my tag' has a name a cookie can't have; it is left out (#/paths/~1items/get/parameters/0)
            8 |         - { name: "my tag", in: cookie, schema: { type: string } }
              |           ^

            """)
    }

    @Test func theConfigurationsProblemsShowTheirLines() async throws {
        let config = try write("config.yaml", "rename: { Usr: Person }\n")

        let result = try await runStrategyGen(["validate", "specs/users.yaml", "--config", config])

        #expect(result.status == 0)
        #expect(result.standardError == """
            \(config):1:11: warning: 'Usr' under 'rename' names nothing in the specs; did you mean 'User'?
            1 | rename: { Usr: Person }
              |           ^

            """)
    }

    /// Five or more warnings of one cause are one, shown at its first place; `--verbose` shows
    /// each at its own (`DiagnosticExcerptTests` times a thousand of them).
    @Test func groupedWarningsShowTheirFirstPlaceAndEachWarningItsOwnLine() async throws {
        let models = (0..<1_000).map { "  Unused\($0): { id: Int }\n" }.joined()
        let spec = try write("many.yaml", "api: Many\nservers: { production: https://api.example.com }\nmodels:\n" + models + "strategies:\n  Ping: { GET: /ping }\n")

        let grouped = try await runStrategyGen(["validate", spec])
        let verbose = try await runStrategyGen(["validate", spec, "--verbose"])

        #expect(grouped.standardError == """
            \(spec):4:3: warning: model 'Unused0' is not used by any strategy; 999 more like it (--verbose lists every one)
            4 |   Unused0: { id: Int }
              |   ^

            """)
        let lines = verbose.standardError.split(separator: "\n")
        #expect(lines.count == 3_000)
        for index in stride(from: 0, to: min(lines.count, 3_000), by: 3) {
            let model = index / 3
            #expect(lines[index] == "\(spec):\(model + 4):3: warning: model 'Unused\(model)' is not used by any strategy")
            #expect(lines[index + 1] == "\(model + 4) |   Unused\(model): { id: Int }")
        }
    }

    @Test func theHelpAndTheReadmeNameTheStyles() async throws {
        let readme = try String(contentsOf: Paths.root.appendingPathComponent("README.md"), encoding: .utf8)
        let commandLine = try #require(readme.components(separatedBy: "\n## ").first { $0.hasPrefix("The command line\n") })

        for subcommand in ["generate", "validate"] {
            let help = try await runStrategyGen([subcommand, "--help"])
            let text = help.standardOutput.split(whereSeparator: \.isWhitespace).joined(separator: " ")
            #expect(text.contains("--diagnostic-style <style> How problems are printed: 'source'"), "\(subcommand) --help")
            #expect(text.contains("or 'plain' (one line each, for tools that read the output)"), "\(subcommand) --help")
            #expect(commandLine.contains("strategy-gen \(subcommand) SPEC... ") && commandLine.contains(" [--diagnostic-style plain]\n"))
        }
    }

    @Test func theSpecFormatsExampleIsWhatStrategyGenPrints() throws {
        let reference = try String(contentsOf: Paths.root.appendingPathComponent("Documentation/SpecFormat.md"), encoding: .utf8)
        let start = try #require(reference.range(of: "```text\nspecs/bad/non-ascii-columns.yaml:"))
        let end = try #require(reference[start.upperBound...].range(of: "```\n"))
        let example = reference[start.upperBound..<end.lowerBound]
        let printed = try String(contentsOf: Paths.badSpecs.appendingPathComponent("non-ascii-columns.diagnostics"), encoding: .utf8)

        #expect(printed.contains("specs/bad/non-ascii-columns.yaml:" + example))
        #expect(example.split(separator: "\n").count == 3)
    }

    /// The build plugin asks for one line a problem: the build's log lists each once, at its place.
    @Test func theBuildPluginsArgumentsPrintOneLineAProblem() async throws {
        let spec = try write("users.yaml", try String(contentsOf: Paths.badSpecs.appendingPathComponent("unknown-key.yaml"), encoding: .utf8))
        let found = try SpecFiles([URL(fileURLWithPath: spec)], target: "Users")
        let arguments = found.generateArguments(found.specs, output: folder.appendingPathComponent("out"), placeholders: true, quiet: true, plainDiagnostics: true)

        let result = try await runStrategyGen(arguments)

        #expect(result.status == 1)
        #expect(result.standardError == """
            \(spec):5:3: warning: model 'User' is not used by any strategy
            \(spec):10:5: error: unknown key 'retruns' in strategy 'GetUser'; did you mean 'returns'?

            """)
    }
}
