import Foundation
import Testing
@testable import StrategyGenerator

/// Every problem is one `path:line:column: error: message` line, whatever the input.
@Suite struct DiagnosticPromiseTests {
    @Test func aMissingFileIsAnErrorAtItsFirstLine() async throws {
        let result = try await runStrategyGen(["validate", "specs/bad/no-such-spec.yaml"])

        #expect(result.status == 1)
        #expect(result.standardError == "specs/bad/no-such-spec.yaml:1:1: error: cannot read the spec: there is no file at this path\n")
    }

    @Test func aFolderIsAnErrorAtItsFirstLine() async throws {
        let result = try await runStrategyGen(["validate", "specs/bad"])

        #expect(result.status == 1)
        #expect(result.standardError == "specs/bad:1:1: error: cannot read the spec: this is a folder, not a file\n")
    }

    @Test func aFileThatIsNotUTF8IsAnErrorAtItsFirstBadByte() throws {
        let folder = try makeTemporaryDirectory()
        defer { try? FileManager.default.removeItem(at: folder) }
        let file = folder.appendingPathComponent("latin1.yaml")
        try Data("api: Users\ninfo: { title: \"Caf".utf8 + [0xE9, 0x22, 0x20, 0x7D, 0x0A]).write(to: file)

        #expect(throws: DiagnosticsError.self) { try GeneratorPipeline.load(contentsOf: file.path) }
        do {
            _ = try GeneratorPipeline.load(contentsOf: file.path)
        } catch {
            #expect(error.description == "\(file.path):2:20: error: the spec is not UTF-8 text: the byte here is not part of a valid UTF-8 character")
        }
    }

    @Test func userTextCannotPrintALineOfItsOwn() {
        let diagnostic = Diagnostic.error("unknown key 'a\nfake.yaml:1:1: error: forged\r\u{1B}[2K\u{2028}\u{202E}'", at: SourceLocation(file: "x\ny.yaml", line: 2, column: 3))

        #expect(diagnostic.description == #"x\ny.yaml:2:3: error: unknown key 'a\nfake.yaml:1:1: error: forged\r\u{1B}[2K\u{2028}\u{202E}'"#)
        #expect(!diagnostic.description.contains("\n"))
    }

    @Test func textWithoutControlCharactersIsPrintedAsWritten() {
        let diagnostic = Diagnostic.error("unknown type 'Ünïcödé 🙂'", at: SourceLocation(file: "spec.yaml", line: 1, column: 1))

        #expect(diagnostic.description == "spec.yaml:1:1: error: unknown type 'Ünïcödé 🙂'")
    }

    /// Columns count UTF-8 bytes, as clang and swiftc do: 'Привет, мир' is 11 characters and 20 bytes.
    @Test func columnsCountUTF8BytesAfterNonASCIIText() throws {
        let text = """
            api: Users
            servers:
              production: https://api.example.com
            models:
              User: { id: Int }
            strategies:
              GetUser: { doc: "Привет, мир", GET: /users, retruns: User }
            """
        do {
            let loaded = try GeneratorPipeline.load(text: text, file: "spec.yaml")
            let lines = loaded.diagnostics.map(\.description)
            #expect(lines.contains("spec.yaml:7:56: error: unknown key 'retruns' in strategy 'GetUser'; did you mean 'returns'?"))
        } catch {
            Issue.record("the spec should load: \(error)")
        }
    }

    @Test func yamlSyntaxErrorsCountBytesToo() {
        #expect(throws: DiagnosticsError.self) { try GeneratorPipeline.load(text: "api: \"é\" ]\n", file: "spec.yaml") }
        do {
            _ = try GeneratorPipeline.load(text: "api: \"é\" ]\n", file: "spec.yaml")
        } catch {
            #expect(error.description.hasPrefix("spec.yaml:1:11: error: invalid YAML"))
        }
    }
}
