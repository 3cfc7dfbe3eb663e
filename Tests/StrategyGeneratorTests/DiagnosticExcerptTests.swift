import Foundation
@testable import StrategyGenerator
import Testing

/// The line a diagnostic points into and the caret under its column, as the source style prints
/// them: columns count UTF-8 bytes, the caret stands under the character a terminal shows there.
@Suite struct DiagnosticExcerptTests {
    private func excerpt(_ text: String, line: Int, column: Int) -> [String]? {
        SourceText(Array(text.utf8)).excerpt(line: line, column: column)
    }

    @Test func theCaretStandsUnderTheColumn() {
        #expect(excerpt("api: Users\nmodels:\n  User: { id: Intt }\n", line: 3, column: 15) == [
            "3 |   User: { id: Intt }",
            "  |               ^",
        ])
        #expect(excerpt("retruns: User\n", line: 1, column: 1) == ["1 | retruns: User", "  | ^"])
    }

    @Test func theGutterIsAsWideAsTheLineNumber() {
        let text = String(repeating: "a: 1\n", count: 1_200)
        #expect(excerpt(text, line: 1_042, column: 4) == ["1042 | a: 1", "     |    ^"])
    }

    @Test func columnsCountBytesAndTheCaretCountsCharacters() {
        // 'é' is two bytes, '名' three and one wide character, '🙂' four and wide.
        #expect(excerpt("title: Café x\n", line: 1, column: 14) == ["1 | title: Café x", "  |             ^"])
        #expect(excerpt("名前: 1\n", line: 1, column: 9) == ["1 | 名前: 1", "  |       ^"])
        #expect(excerpt("a: 🙂 b\n", line: 1, column: 9) == ["1 | a: 🙂 b", "  |       ^"])
    }

    @Test func aColumnInsideACharacterPointsAtTheCharacter() {
        #expect(excerpt("x: é\n", line: 1, column: 5) == ["1 | x: é", "  |    ^"])
    }

    @Test func tabsAreKeptAndTheCaretsLineHasATabUnderEach() {
        #expect(excerpt("{\t\"a\":\tx}\n", line: 1, column: 8) == ["1 | {\t\"a\":\tx}", "  |  \t    \t^"])
    }

    @Test func controlAndInvisibleCharactersAreEscapes() {
        #expect(excerpt("a: \u{1B}[2K b\n", line: 1, column: 9) == [#"1 | a: \u{1B}[2K b"#, "  |              ^"])
        #expect(excerpt("a: \u{FEFF}b\n", line: 1, column: 7) == [#"1 | a: \u{FEFF}b"#, "  |            ^"])
        #expect(excerpt("a: \u{202E}b\n", line: 1, column: 7) == [#"1 | a: \u{202E}b"#, "  |            ^"])
    }

    @Test func aByteThatIsNotUTF8IsAReplacementCharacter() {
        let text = SourceText(Array("a: \"Caf".utf8) + [0xE9] + Array("\" }\n".utf8))
        #expect(text.excerpt(line: 1, column: 8) == ["1 | a: \"Caf\u{FFFD}\" }", "  |        ^"])
    }

    @Test func lineBreaksAndAByteOrderMarkAreNotShown() {
        #expect(excerpt("a: 1\r\nb: x\r\n", line: 2, column: 4) == ["2 | b: x", "  |    ^"])
        #expect(excerpt("\u{FEFF}a: x\n", line: 1, column: 4) == ["1 | a: x", "  |    ^"])
    }

    @Test func theCaretMayStandJustPastTheLinesEnd() {
        #expect(excerpt("a: [1, 2\n", line: 1, column: 9) == ["1 | a: [1, 2", "  |         ^"])
        #expect(excerpt("a: 1\n", line: 2, column: 1) == ["2 |", "  | ^"])
    }

    @Test func aPlaceOutsideTheFileHasNoExcerpt() {
        #expect(excerpt("a: 1\n", line: 3, column: 1) == nil)
        #expect(excerpt("a: 1\n", line: 0, column: 1) == nil)
        #expect(excerpt("a: 1\n", line: 1, column: 7) == nil)
        #expect(excerpt("a: 1\n", line: 1, column: 0) == nil)
        #expect(excerpt("", line: 1, column: 1) == ["1 |", "  | ^"])
    }

    @Test func aLineCutShortByTheReadingLimitIsNotShown() {
        let text = SourceText(Array("a: 1\nb: 2".utf8), complete: false)

        #expect(text.excerpt(line: 1, column: 1) == ["1 | a: 1", "  | ^"])
        #expect(text.excerpt(line: 2, column: 1) == nil)
    }

    /// A line wider than the excerpt is cut around the column, half of it on either side.
    @Test func aLongLineIsCutAroundTheColumn() throws {
        let half = SourceText.excerptWidth / 2
        let keys = (0..<200).map { "\"key\($0)\": \($0)" }.joined(separator: ", ")
        let line = "{" + keys + "}"
        let column = try #require(line.range(of: "\"key100\"")).lowerBound.utf16Offset(in: line) + 1
        let shown = try #require(excerpt(line + "\n", line: 1, column: column))
        let start = line.index(line.startIndex, offsetBy: column - 1 - half)

        #expect(shown == [
            "1 | …" + line[start...].prefix(2 * half) + "…",
            "  |  " + String(repeating: " ", count: half) + "^",
        ])
    }

    /// Near either end of a long line, the excerpt shows that end whole and more of the other side.
    @Test func aLongLineIsCutOnlyWhereItIsLong() {
        let width = SourceText.excerptWidth
        let tail = String(repeating: "x", count: 300)
        #expect(excerpt("a: 1 " + tail + "\n", line: 1, column: 4) == ["1 | a: 1 " + tail.prefix(width - 5) + "…", "  |    ^"])
        #expect(excerpt(tail + " b\n", line: 1, column: 302) == [
            "1 | …" + tail.suffix(width - 2) + " b",
            "  |  " + String(repeating: " ", count: width - 1) + "^",
        ])
    }

    @Test func aLineOfMegabytesIsReadOnlyAroundTheColumn() {
        let text = SourceText(Array(repeating: UInt8(ascii: "a"), count: 8_000_000) + Array("\n".utf8))
        let clock = ContinuousClock()
        let elapsed = clock.measure {
            for column in stride(from: 1, to: 8_000_000, by: 8_000) {
                _ = text.excerpt(line: 1, column: column)
            }
        }
        #expect(elapsed < .seconds(5), "1,000 excerpts of one long line took \(elapsed)")
    }

    @Test func eachFileIsReadOnceAndDiagnosticsWithoutAPlaceArePrintedAlone() throws {
        let folder = try makeTemporaryDirectory()
        defer { try? FileManager.default.removeItem(at: folder) }
        let file = folder.appendingPathComponent("spec.yaml").path
        try Data((1...1_000).map { "key\($0): value\n" }.joined().utf8).write(to: URL(fileURLWithPath: file))
        var printer = DiagnosticPrinter(style: .source)

        let first = printer.text(of: .warning("unused", at: SourceLocation(file: file, line: 2, column: 1)))
        let clock = ContinuousClock()
        let elapsed = clock.measure {
            for line in 1...1_000 {
                _ = printer.text(of: .warning("unused", at: SourceLocation(file: file, line: line, column: 1)))
            }
        }

        #expect(first == "\(file):2:1: warning: unused\n2 | key2: value\n  | ^")
        #expect(printer.filesRead == 1)
        #expect(elapsed < .seconds(5), "1,000 warnings took \(elapsed)")
        #expect(printer.text(of: .error("no place", at: nil)) == "error: no place")
        #expect(printer.text(of: .error("past the end", at: SourceLocation(file: file, line: 1_002, column: 1))) == "\(file):1002:1: error: past the end")
        #expect(printer.text(of: .error("no file", at: SourceLocation(file: file + ".missing", line: 1, column: 1))) == "\(file).missing:1:1: error: no file")
        #expect(printer.text(of: .error("a folder", at: SourceLocation(file: folder.path, line: 1, column: 1))) == "\(folder.path):1:1: error: a folder")
    }

    @Test func thePlainStyleIsOneLineADiagnostic() {
        var printer = DiagnosticPrinter(style: .plain)
        let diagnostic = Diagnostic.error("unknown key 'retruns'", at: SourceLocation(file: "specs/bad/unknown-key.yaml", line: 10, column: 5))

        #expect(printer.text(of: diagnostic) == diagnostic.description)
        #expect(printer.filesRead == 0)
    }
}
