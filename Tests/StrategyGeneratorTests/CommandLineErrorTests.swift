import Foundation
import Testing

/// Mistakes outside a spec's keys get a sentence a user can act on, naming the path (and the line
/// and column where there is one), and a failing exit status.
@Suite struct CommandLineErrorTests {
    @Test func outputNamingAFileIsRefused() async throws {
        let folder = try makeTemporaryDirectory()
        defer { try? FileManager.default.removeItem(at: folder) }
        let file = folder.appendingPathComponent("Client.swift")
        try "// mine\n".write(to: file, atomically: true, encoding: .utf8)

        let result = try await runStrategyGen(["generate", "specs/users.yaml", "--output", file.path])

        #expect(result.status == 1)
        #expect(result.standardError == "error: cannot write into '\(file.path)': it is a file, not a folder; --output names the folder to write the generated files into\n")
        #expect(try String(contentsOf: file, encoding: .utf8) == "// mine\n")
    }

    @Test func aMissingConfigurationFileIsNamedAtItsFirstLine() async throws {
        let result = try await runStrategyGen(["validate", "specs/users.yaml", "--config", "no-such-config.yaml"])

        #expect(result.status == 1)
        #expect(result.standardError == "no-such-config.yaml:1:1: error: cannot read the configuration: there is no file at this path\n")
    }

    @Test func aTabInIndentationSaysSo() async throws {
        let folder = try makeTemporaryDirectory()
        defer { try? FileManager.default.removeItem(at: folder) }
        let spec = folder.appendingPathComponent("tabs.yaml"), config = folder.appendingPathComponent("config.yaml")
        try "api: Tabs\nservers:\n  production: https://api.example.com\nmodels:\n  Note:\n  \tid: Int\n".write(to: spec, atomically: true, encoding: .utf8)
        try "rename:\n\tUser: Account\n".write(to: config, atomically: true, encoding: .utf8)

        let result = try await runStrategyGen(["validate", spec.path])
        let configResult = try await runStrategyGen(["validate", "specs/users.yaml", "--config", config.path])

        #expect(result.status == 1)
        #expect(result.standardError == "\(spec.path):6:3: error: this line is indented with a tab; YAML indents with spaces only\n6 |   \tid: Int\n  |   ^\n")
        #expect(configResult.status == 1)
        #expect(configResult.standardError == "\(config.path):2:1: error: this line is indented with a tab; YAML indents with spaces only\n2 | \tUser: Account\n  | ^\n")
    }

    @Test func aMisspeltOpenAPIVersionKeyGetsASuggestion() async throws {
        let folder = try makeTemporaryDirectory()
        defer { try? FileManager.default.removeItem(at: folder) }
        let yaml = folder.appendingPathComponent("pets.yaml"), json = folder.appendingPathComponent("pets.json")
        try "openAPI: 3.0.3\ninfo: { title: Pets, version: '1' }\npaths: {}\n".write(to: yaml, atomically: true, encoding: .utf8)
        try "{\n  \"Swagger\": \"2.0\",\n  \"info\": { \"title\": \"Pets\", \"version\": \"1\" },\n  \"paths\": {}\n}\n".write(to: json, atomically: true, encoding: .utf8)

        let result = try await runStrategyGen(["validate", yaml.path, json.path])

        #expect(result.status == 1)
        #expect(result.standardError == """
            \(json.path):2:3: error: unknown key 'Swagger' at the top level; did you mean 'swagger'?
            2 |   "Swagger": "2.0",
              |   ^
            \(yaml.path):1:1: error: unknown key 'openAPI' at the top level; did you mean 'openapi'?
            1 | openAPI: 3.0.3
              | ^

            """)
    }

    @Test func anUnwritableFolderIsNamedNotATemporaryFileAndKeepsItsFiles() async throws {
        let folder = try makeTemporaryDirectory()
        defer {
            try? FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: folder.path)
            try? FileManager.default.removeItem(at: folder)
        }
        _ = try await runStrategyGen(["generate", "specs/users.yaml", "--output", folder.path])
        let client = folder.appendingPathComponent("users.Client.swift")
        try "// edited\n".write(to: client, atomically: false, encoding: .utf8)
        try FileManager.default.setAttributes([.posixPermissions: 0o555], ofItemAtPath: folder.path)
        let arguments = ["generate", "specs/users.yaml", "--output", folder.path]

        // Root writes anywhere, so as root the command runs as the unprivileged user 'nobody'.
        let result = getuid() == 0
            ? try await run("setpriv", ["--reuid=65534", "--regid=65534", "--clear-groups", Paths.strategyGen.path] + arguments)
            : try await runStrategyGen(arguments)

        #expect(result.status == 1)
        #expect(result.standardError == "error: cannot write into the folder '\(folder.path)': permission denied\n")
        #expect(try String(contentsOf: client, encoding: .utf8) == "// edited\n")
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder.path).sorted() == [
            "users.Client.swift", "users.Errors.swift", "users.Models.swift", "users.Samples.swift", "users.Strategies.swift",
            "users.Stubs.swift",
        ])
    }
}
