import Foundation
import StrategyGenerator
import Testing

/// An imported operation's docs read as Apple's do: the summary first, the description as the
/// discussion, HTML as Markdown, no line past 110 columns.
@Suite struct ImportedDocsTests {
    @Test func summaryThenDescriptionAsMarkdownWrappedAt110Columns() throws {
        let folder = try makeTemporaryDirectory()
        defer { try? FileManager.default.removeItem(at: folder) }
        let file = folder.appendingPathComponent("files.yaml")
        let long = String(repeating: "Every word of this sentence is kept, however long the line it sits on grows. ", count: 3)
        try """
            openapi: 3.0.3
            info: { title: Files, version: "1" }
            servers: [{ url: https://files.example.com }]
            paths:
              /files/{id}:
                get:
                  operationId: getFile
                  summary: Get a file
                  description: >-
                    <p>Retrieves the <code>file</code>'s details; see <a href="https://files.example.com/guide">the
                    guide</a>.</p><ul><li>One</li><li>Two &amp; three</li></ul><p>\(long)</p>
                  parameters:
                    - { name: id, in: path, required: true, description: "The <b>file</b>'s id.", schema: { type: string } }
                  responses: { "204": { description: None. } }
            """.write(to: file, atomically: true, encoding: .utf8)
        let generated = try GeneratorPipeline.generate(specAt: file.path)
        let strategies = try #require(generated.files.first { $0.name == "files.Strategies.swift" }).contents

        #expect(strategies.contains("""
            /// Get a file
            ///
            /// Retrieves the `file`'s details; see [the guide](https://files.example.com/guide).
            ///
            /// - One
            /// - Two & three
            ///
            /// Every word of this sentence is kept
            """))
        #expect(strategies.contains("/// The **file**'s id."))
        let lines = generated.files.flatMap { $0.contents.split(separator: "\n") }
        #expect(!lines.contains { $0.contains("///") && $0.count > 110 })
        #expect(!lines.contains { $0.contains("///") && $0.contains("<") })
        let words = long.split(separator: " ").count * 1
        #expect(strategies.split(separator: "\n").filter { $0.hasPrefix("/// ") }.flatMap { $0.dropFirst(4).split(separator: " ") }.count >= words)
    }
}
