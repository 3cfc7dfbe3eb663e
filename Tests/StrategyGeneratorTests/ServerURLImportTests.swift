import Foundation
import StrategyGenerator
import Testing

/// Whatever a document writes in a server URL becomes code that compiles: a variable the URL
/// names without declaring it is an argument with no default, one declared but not named is
/// left out, and each is a located warning.
@Suite struct ServerURLImportTests {
    static let undeclared = """
        openapi: 3.0.3
        info: { title: Test, version: "1" }
        servers:
          - url: http://mytestServer/{v1}
            variables:
              v2:
                default: 'd'
        paths:
          /ping:
            get:
              operationId: ping
              responses: { "204": { description: Pinged. } }
        """

    @Test func anUndeclaredVariableIsAnArgumentAndAnUnnamedOneIsLeftOutEachWithAWarning() throws {
        let generated = try generateDocument(Self.undeclared, name: "test.yaml")

        #expect(generated.warnings.map(\.description).map { $0.replacingOccurrences(of: #"^.*/test\.yaml"#, with: "test.yaml", options: .regularExpression) } == [
            "test.yaml:4:10: warning: server URL 'http://mytestServer/{v1}' names '{v1}' without declaring it under 'variables'; the client's environment takes it as an argument with no default (#/servers/0/url)",
            "test.yaml:7:9: warning: server variable 'v2' is not in the server's URL 'http://mytestServer/{v1}'; it is left out (#/servers/0/variables/v2)",
        ])
        let client = generated.source("Client")
        #expect(client.contains("case production(v1: String)\n"))
        #expect(client.contains(#"Server(scheme: "http", host: "mytestServer", basePath: "/\(v1)")"#))
        // The first server needs an argument, so the caller chooses the environment.
        #expect(client.contains("public init(environment: Environment, transport: any Transport = URLSessionTransport())"))
    }

    @Test func theClientOfAnUndeclaredVariableCompilesAndSendsToTheURLItNames() async throws {
        let folder = try makeTemporaryDirectory()
        defer { try? FileManager.default.removeItem(at: folder) }
        let generated = try generateDocument(Self.undeclared, name: "test.yaml")
        try OutputWriter.write(generated.files, to: folder)
        let main = folder.appendingPathComponent("main.swift")
        try """
            import StrategyKit
            let server = TestClient.Environment.production(v1: "v1").server
            print(server)
            """.write(to: main, atomically: true, encoding: .utf8)
        let sources = generated.files.map { folder.appendingPathComponent($0.name).path } + [main.path]

        let result = try await run("swiftc", ["-swift-version", "6", "-typecheck", "-I", Paths.modules.path] + sources)

        #expect(result.status == 0, "\(result.standardError)")
        #expect(!result.standardError.contains("warning:"), "\(result.standardError)")
    }

    /// Quotes, backslashes, interpolations and comment ends in every place a document's text
    /// reaches generated code: server URLs and their variables, path templates, parameter and
    /// header names, examples, enum values, property names and descriptions.
    @Test func documentTextInEveryInterpolatedPlaceGeneratesCodeThatCompiles() async throws {
        let document = #"""
            openapi: 3.0.3
            info: { title: "Hostile \"\\(x)\" */ /*", version: "1", description: "Line \\(injected) \"\"\" */" }
            servers:
              - url: "http://{host\"}.example.com/{class}/{v-1}/\\(x)/{a\\b}"
                description: "desc \\(x) \"\"\""
              - url: "https://{tenant}:{port}/{ba\"se}"
                variables:
                  tenant: { default: "t\"\\(x)", enum: ["t\"\\(x)", "b"] }
                  port: { default: "443" }
                  ba"se: { default: "\\(" }
            paths:
              "/items/{id}/\\(x)/\"q\"/{other}":
                get:
                  operationId: "get \"item\" \\(x)"
                  summary: "summary \"\"\" \\(x) */"
                  parameters:
                    - { name: id, in: path, required: true, schema: { type: string, example: "\\(x)\"" } }
                    - { name: other, in: path, required: true, schema: { type: string, enum: ["a\"b", "\\(x)", "*/", "\"\"\""] } }
                    - { name: "X-\"Head\\(x)", in: header, schema: { type: string } }
                    - { name: "q\"\\(x)", in: query, schema: { type: string, default: "\\(x)\"" } }
                  responses:
                    '200':
                      description: "ok \\(x)"
                      content:
                        application/json:
                          schema:
                            type: object
                            properties:
                              "na\"me\\(x)": { type: string, description: "\"\"\" \\(x) */", enum: ["\\(x)", "\"", "#\"", "\"#"] }
                              "n": { type: integer, enum: [1, 2] }
                          example: { "na\"me\\(x)": "\\(x)", "n": 1 }
                    '404':
                      description: "not \\(x)"
                      content:
                        text/plain:
                          schema: { type: string }
                          example: "\\(x) \"\"\" \"#"
            """#
        let folder = try makeTemporaryDirectory()
        defer { try? FileManager.default.removeItem(at: folder) }
        let generated = try generateDocument(document, name: "hostile.yaml")
        try OutputWriter.write(generated.files, to: folder)
        let sources = generated.files.map { folder.appendingPathComponent($0.name).path }

        let result = try await run("swiftc", ["-swift-version", "6", "-typecheck", "-I", Paths.modules.path] + sources)

        #expect(result.status == 0, "\(result.standardError)")
        #expect(!result.standardError.contains("warning:"), "\(result.standardError)")
        let client = generated.source("Client")
        #expect(client.contains(#"case descX(host: String, `class`: String, v1: String, aB: String)"#))
        #expect(client.contains(#"case server2(tenant: String = "t\"\\(x)", port: String = "443", baSe: String = "\\(")"#))
    }
}
