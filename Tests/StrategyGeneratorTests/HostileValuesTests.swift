import Foundation
import StrategyGenerator
import Testing

/// Text from a spec that lands in a comment or a literal can't change what the generated code
/// declares, and the code still type-checks without warnings.
@Suite struct HostileValuesTests {
    /// Generates `text` (saved as `spec.yaml`), type-checks the code and returns its files' text.
    private func generateAndTypeCheck(_ text: String) async throws -> String {
        let folder = try makeTemporaryDirectory()
        defer { try? FileManager.default.removeItem(at: folder) }
        let spec = folder.appendingPathComponent("spec.yaml")
        try Data(text.utf8).write(to: spec)
        let generated = try GeneratorPipeline.generate(specAt: spec.path)
        let output = folder.appendingPathComponent("Generated")
        try OutputWriter.write(generated.files, to: output)
        let sources = generated.files.map { output.appendingPathComponent($0.name).path }

        let result = try await run("swiftc", ["-swift-version", "6", "-typecheck", "-I", Paths.modules.path] + sources)

        #expect(result.status == 0, "\(result.standardError)")
        #expect(!result.standardError.contains("warning:"), "\(result.standardError)")
        return generated.files.map(\.contents).joined(separator: "\n")
    }

    /// Every line break Swift or an editor knows, and NUL, written as YAML escapes.
    static let breaks = [#"\r"#, #"\n"#, #"\r\n"#, #"\u2028"#, #"\u2029"#, #"\x85"#, #"\v"#, #"\f"#]

    @Test func lineBreaksInDocsAndValuesQuotedInCommentsDontInjectCode() async throws {
        // Each `doc` and each value the generated code quotes in a comment ends its line and
        // goes on with a declaration; none may become code.
        for (index, lineBreak) in Self.breaks.enumerated() {
            let inject = "\(lineBreak)public let injected\(index) = 1\(lineBreak)"
            let spec = """
                api: Hostile
                doc: "API\(inject)"
                servers:
                  production:
                    url: https://api.example.com
                    doc: "Server\(inject)"
                auth:
                  key: { apiKey: { in: query, name: "key\(inject)" }, doc: "Key\(inject)" }
                errors:
                  BodyError:
                    doc: "Error\(inject)"
                    when: { bodyHasKey: "error\(inject)" }
                    code: "error.code\(inject)"
                    cases: { gone: "gone\(inject)" }
                models:
                  Item:
                    doc: "Item\(inject)\\0"
                    fields:
                      id: { type: Int, doc: "Id\(inject)" }
                strategies:
                  GetItem:
                    doc: "Get\(inject)"
                    GET: "/items/{id}"
                    path: { id: Int }
                    query: { "q\(inject)": String? }
                    returns: Item
                    errors: BodyError
                    auth: key
                interfaces:
                  ItemGettable: { doc: "Role\(inject)", strategies: [GetItem] }
                """
            let code = try await generateAndTypeCheck(spec)
            let declared = code.split(whereSeparator: \.isNewline).filter {
                $0.contains("injected\(index)") && !$0.trimmingCharacters(in: .whitespaces).hasPrefix("//")
                    && !$0.contains("\"")
            }
            #expect(declared.isEmpty, "escape \(lineBreak): \(declared)")
        }
    }

    @Test func aLeadingByteOrderMarkAndAPercentEscapeInAPathKeepTheirBytes() async throws {
        let spec = "api: Marks\nservers: { production: https://api.example.com }\nmodels:\n"
            + "  Kind: { enum: [\"\\uFEFFescaped\", \"\u{FEFF}raw\", '\u{FEFF}single', \"end\\uFEFF\", \"\\uFEFF\\U0000FEFFtwice\", \"\u{FEFF}\u{FEFF}raw twice\"] }\n"
            + "  Item: { id: Int, kind: Kind }\nstrategies:\n"
            + "  GetItem: { GET: \"/items/%41/a%2Fb/{id}\", path: { id: Int }, returns: Item }\n"
        let code = try await generateAndTypeCheck(spec)
        for value in ["\\u{feff}escaped", "\\u{feff}raw", "\\u{feff}single", "end\\u{feff}", "\\u{feff}\\u{feff}twice", "\\u{feff}\\u{feff}raw twice"] {
            #expect(code.contains("Self(\"\(value)\")"), "\(value)")
        }
        #expect(code.contains("Endpoint(.get, \"/items/%41/a%2Fb/\\(input.id)\")"))
    }

    @Test func aSpecFileThatStartsWithAByteOrderMarkLoadsWithColumnsAfterIt() async throws {
        let folder = try makeTemporaryDirectory()
        defer { try? FileManager.default.removeItem(at: folder) }
        let spec = folder.appendingPathComponent("spec.yaml")
        try Data(("\u{FEFF}api: Marked\nservers: { production: https://api.example.com }\n"
            + "strategies:\n  GetItem: { GET: /items, returns: Strng }\n").utf8).write(to: spec)

        let result = try await runStrategyGen(["validate", spec.path])

        #expect(result.status == 1)
        #expect(result.standardError.hasPrefix("\(spec.path):4:36: error: "), "\(result.standardError)")
    }

    @Test func examplesWithQuotesControlCharactersAndLineBreaksGenerateStubsThatCompile() async throws {
        let spec = #"""
            api: Examples
            servers: { production: https://api.example.com }
            models:
              Item: { id: Int, text: String }
            strategies:
              GetItem:
                GET: /items
                returns: Item
                example: { id: 1, text: "a\"\"\"\"b\r\nc\x01d\0e\\\"\"\"\u2028#\"\"\"\"\"" }
            """#
        let code = try await generateAndTypeCheck(spec)
        #expect(code.contains("GetItem"))
    }

    @Test func aRawExampleHoldingQuotesControlCharactersAndCRLFStaysOneLiteral() async throws {
        // A string example is the body as written, so it goes into the stub as it is.
        let spec = #"""
            api: Raw
            servers: { production: https://api.example.com }
            strategies:
              GetText:
                GET: /text
                returns: String
                example: "\"\"\"\"four quotes\"\"\"\"\r\nbell\a and tab\t end \\"
            """#
        let code = try await generateAndTypeCheck(spec)
        #expect(code.contains(#"""\""four quotes""\""\r"#))
        #expect(code.contains("bell\\u{7} and tab\t end \\\\"))
    }
}
