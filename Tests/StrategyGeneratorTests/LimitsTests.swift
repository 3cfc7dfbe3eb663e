import Foundation
import Testing
@testable import StrategyGenerator

/// Hostile specs get one clear diagnostic at the place a limit trips instead of a crash, a hang
/// or gigabytes of memory. How fast that is belongs to `Benchmarks/limits.sh`, not to these tests.
@Suite struct LimitsTests {
    /// The diagnostics of loading and validating `text`, as `strategy-gen` prints them.
    private func diagnostics(_ text: String, file: String = "spec.yaml") -> [String] {
        var lines: [String]
        do {
            let loaded = try GeneratorPipeline.load(text: text, file: file)
            do {
                let validated = try SpecValidator.validate(loaded)
                lines = validated.warnings.map(\.description)
            } catch {
                lines = error.diagnostics.map(\.description)
            }
        } catch {
            lines = error.diagnostics.map(\.description)
        }
        return lines
    }

    private let header = "api: Users\nservers:\n  production: https://api.example.com\n"

    @Test func anAliasBombIsRejectedAtItsFirstAnchor() {
        var text = header + "a: &a [\"lol\",\"lol\",\"lol\",\"lol\",\"lol\",\"lol\",\"lol\",\"lol\",\"lol\"]\n"
        for (level, previous) in zip("bcdefghijklmnopq", "abcdefghijklmnop") {
            text += "\(level): &\(level) [" + Array(repeating: "*\(previous)", count: 9).joined(separator: ",") + "]\n"
        }
        let lines = diagnostics(text)
        #expect(lines == ["spec.yaml:4:4: error: \(YAMLDocument.anchorMessage)"])
    }

    @Test func anchorsAndAliasesInTextAreText() {
        let text = header + """
            models:
              User:
                doc: Tom & Jerry *favourite* &friends
                fields: { id: Int, note: String }
            strategies:
              GetUser:
                doc: |
                  Returns *the* user &
                  *every* field.
                GET: '/users/{id}'
                path: { id: Int }
                returns: User
            """
        #expect(diagnostics(text).isEmpty)
    }

    @Test func anAliasAfterAMultiLineQuotedStringIsFoundAtItsPlace() {
        let text = header + "models:\n  User:\n    doc: \"two\n      *lines*\"\n    fields: *f\n"
        #expect(diagnostics(text) == ["spec.yaml:8:13: error: \(YAMLDocument.anchorMessage)"])
    }

    @Test func deepNestingIsRejectedWithoutOverflowingTheStack() {
        for text in [
            header + "models:\n  Deep: " + String(repeating: "[", count: 70_000) + String(repeating: "]", count: 70_000) + "\n",
            header + "models:\n  Deep: " + String(repeating: "{a: ", count: 70_000) + "1" + String(repeating: "}", count: 70_000) + "\n",
            header + "models:\n  Deep:\n" + (0..<300).map { String(repeating: " ", count: $0 + 4) + "- x:\n" }.joined(),
        ] {
            let lines = diagnostics(text)
            #expect(lines.count == 1)
            #expect(lines.first?.hasSuffix("error: \(YAMLDocument.depthMessage)") == true)
        }
    }

    @Test func nestingIsCheckedExactlyAt64Levels() {
        func nested(_ levels: Int) -> String {
            header + "x: " + String(repeating: "[", count: levels - 1) + String(repeating: "]", count: levels - 1) + "\n"
        }
        // The root mapping is the first level; 63 lists inside it make 64.
        #expect(!diagnostics(nested(64)).contains { $0.contains("nests") })
        #expect(diagnostics(nested(65)) == ["spec.yaml:4:67: error: \(YAMLDocument.depthMessage)"])
    }

    @Test func aDocumentOverSixteenMebibytesIsRejectedAtItsStart() {
        let text = header + "doc: " + String(repeating: "x", count: SpecLimits.documentBytes) + "\n"
        let lines = diagnostics(text)
        #expect(lines == ["spec.yaml:1:1: error: the spec is \(text.utf8.count) bytes; a spec may be at most 16777216 bytes (16 MiB)"])
    }

    @Test func aLongValueThatARealDocumentHoldsIsRead() throws {
        // An agreement's text in an example, a recorded XML response: values of hundreds of KB.
        let long = String(repeating: "Lorem ipsum dolor sit amet. ", count: 6_000)
        let text = header + "models:\n  User:\n    doc: \(long)\n    fields: { id: Int }\n"
        #expect(diagnostics(text).isEmpty)
        let spec = try GeneratorPipeline.load(text: text, file: "spec.yaml")
        #expect(spec.spec.models.first?.doc?.utf8.count == long.utf8.count - 1)
    }

    @Test func longUnknownTypeNamesAreReportedWithoutASuggestion() {
        let name = String(repeating: "Usr", count: 20_000)
        let models = (0..<200).map { "  Model\($0)\(String(repeating: "x", count: 900)): { id: Int }\n" }.joined()
        let text = header + "models:\n" + models + "strategies:\n  GetUser:\n    GET: /users\n    returns: \(name)\n"
        let lines = diagnostics(text)
        #expect(lines.contains { $0.hasPrefix("spec.yaml:") && $0.contains(": error: ") })
        #expect(!lines.contains { $0.contains("did you mean") })
    }

    @Test func closestMatchStillSuggestsForOrdinaryNames() {
        #expect(closestMatch(to: "Usr", in: ["User", "Order"]) == "User")
        #expect(closestMatch(to: String(repeating: "a", count: 65), in: [String(repeating: "a", count: 65)]) == nil)
    }
}
