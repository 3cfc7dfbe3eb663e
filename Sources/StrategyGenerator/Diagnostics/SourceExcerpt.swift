import Foundation

/// How diagnostics are printed.
public enum DiagnosticStyle: String, CaseIterable, Sendable {
    /// Each located diagnostic followed by the line it points into and a caret under its column,
    /// as swiftc shows them:
    ///
    ///     specs/users.yaml:10:5: error: unknown key 'retruns' in strategy 'GetUser'; did you mean 'returns'?
    ///     10 |     retruns: User
    ///        |     ^
    case source
    /// One line a diagnostic, for tools that read the output.
    case plain
}

/// Writes diagnostics in a ``DiagnosticStyle``, reading each file they point into once, however
/// many diagnostics point into it.
public struct DiagnosticPrinter {
    public var style: DiagnosticStyle
    /// By path: the file's text, or nil if it can't be read.
    private var sources: [String: SourceText?] = [:]

    public init(style: DiagnosticStyle) {
        self.style = style
    }

    /// How many files have been read.
    var filesRead: Int { sources.count }

    /// The diagnostic's lines, without a final line break. A diagnostic without a place, or whose
    /// place isn't in a readable file, is its one line, as in the plain style.
    public mutating func text(of diagnostic: Diagnostic) -> String {
        let line = diagnostic.description
        guard style == .source, let location = diagnostic.location else { return line }
        let source: SourceText?
        if let read = sources[location.file] {
            source = read
        } else {
            source = SourceText(contentsOf: location.file)
            sources[location.file] = source
        }
        guard let excerpt = source?.excerpt(line: location.line, column: location.column) else { return line }
        return ([line] + excerpt).joined(separator: "\n")
    }
}

/// A file's bytes and where each of its lines starts.
struct SourceText {
    /// Files larger than this are read this far; lines past it aren't shown.
    static let maximumBytes = 32 * 1024 * 1024
    /// How many columns of a line an excerpt shows at most, besides the ellipses that say it is cut.
    static let excerptWidth = 120

    let bytes: [UInt8]
    /// The offset of each line's first byte; the first line's is after a byte-order mark, which
    /// columns don't count.
    let lineStarts: [Int]
    /// Whether the last line ends where the file does, rather than where reading stopped.
    private let complete: Bool

    init(_ bytes: [UInt8], complete: Bool = true) {
        self.bytes = bytes
        self.complete = complete
        var starts = [bytes.starts(with: [0xEF, 0xBB, 0xBF]) ? 3 : 0]
        bytes.withUnsafeBufferPointer { buffer in
            guard let base = buffer.baseAddress else { return }
            var offset = 0
            while offset < buffer.count, let found = memchr(base + offset, 0x0A, buffer.count - offset) {
                offset = base.distance(to: found.assumingMemoryBound(to: UInt8.self)) + 1
                starts.append(offset)
            }
        }
        lineStarts = starts
    }

    /// The regular file at `path`, or nil if there is none or it can't be read.
    init?(contentsOf path: String) {
        guard let attributes = try? FileManager.default.attributesOfItem(atPath: path),
              attributes[.type] as? FileAttributeType == .typeRegular,
              let handle = FileHandle(forReadingAtPath: path) else { return nil }
        defer { try? handle.close() }
        let read: Data?
        do {
            read = try handle.read(upToCount: Self.maximumBytes + 1)
        } catch {
            return nil
        }
        // Nothing is read from an empty file.
        let data = read ?? Data()
        self.init(Array(data.prefix(Self.maximumBytes)), complete: data.count <= Self.maximumBytes)
    }

    /// The bytes of line `number` (1-based), without its line break; nil if the file has no such
    /// line.
    func line(_ number: Int) -> Range<Int>? {
        guard number >= 1, number <= lineStarts.count else { return nil }
        let start = lineStarts[number - 1]
        guard number < lineStarts.count || complete else { return nil }
        var end = number < lineStarts.count ? lineStarts[number] - 1 : bytes.count
        if end > start, bytes[end - 1] == UInt8(ascii: "\r") { end -= 1 }
        return start..<max(start, end)
    }

    /// The line `line` with a caret under `column` (1-based, in UTF-8 bytes), as two lines:
    ///
    ///     10 |     retruns: User
    ///        |     ^
    ///
    /// Tabs are kept, and the caret's line has a tab where the line has one, so the caret stands
    /// under its column whatever a tab's width. Control characters, bidirectional overrides and
    /// invisible characters are written as escapes (`\r`, `\u{FEFF}`). A line wider than
    /// ``excerptWidth`` columns is cut around the column, with `…` where text is left out. Nil if
    /// there is no such line or the column is past its end.
    func excerpt(line number: Int, column: Int) -> [String]? {
        guard let line = line(number), column >= 1, column - 1 <= line.count else { return nil }
        let width = Self.excerptWidth
        var caret = line.lowerBound + column - 1
        // A column inside a character points at the character.
        var steps = 0
        while caret > line.lowerBound, caret < line.upperBound, steps < 3, bytes[caret].isUTF8Continuation {
            caret -= 1
            steps += 1
        }
        // Only the text the excerpt can show is read, however long the line.
        var left = max(line.lowerBound, caret - 4 * width)
        while left < caret, left > line.lowerBound, bytes[left].isUTF8Continuation { left += 1 }
        var right = min(line.upperBound, caret + 4 * width)
        while right > caret, right < line.upperBound, bytes[right].isUTF8Continuation { right -= 1 }
        let before = Cell.cells(bytes[left..<caret]), after = Cell.cells(bytes[caret..<right])

        var shownBefore = before[...], shownAfter = after[...]
        var cutLeft = left > line.lowerBound, cutRight = right < line.upperBound
        let beforeWidth = before.reduce(0) { $0 + $1.width }, afterWidth = after.reduce(0) { $0 + $1.width }
        if cutLeft || cutRight || beforeWidth + afterWidth > width {
            let rightBudget = min(afterWidth, max(width - beforeWidth, width / 2))
            var start = before.endIndex, used = 0
            while start > before.startIndex, used + before[start - 1].width <= width - rightBudget {
                start -= 1
                used += before[start].width
            }
            var end = after.startIndex
            used = 0
            while end < after.endIndex, end == after.startIndex || used + after[end].width <= rightBudget {
                used += after[end].width
                end += 1
            }
            cutLeft = cutLeft || start > before.startIndex
            cutRight = cutRight || end < after.endIndex
            shownBefore = before[start...]
            shownAfter = after[..<end]
        }

        var text = (cutLeft ? "…" : "") + (shownBefore + shownAfter).map(\.text).joined() + (cutRight ? "…" : "")
        while let last = text.last, last == " " || last == "\t" { text.removeLast() }
        let padding = (cutLeft ? " " : "") + shownBefore.map(\.padding).joined()
        let gutter = String(number)
        return [gutter + " |" + (text.isEmpty ? "" : " " + text), String(repeating: " ", count: gutter.count) + " | " + padding + "^"]
    }
}

/// A character as an excerpt shows it, and the columns it takes.
private struct Cell {
    var text: String
    var width: Int
    var isTab: Bool { text == "\t" }

    /// What stands under the character in the caret's line: a tab under a tab, else spaces.
    var padding: String { isTab ? "\t" : String(repeating: " ", count: width) }

    /// The characters of UTF-8 `bytes`; a byte that isn't part of a valid character is `�`.
    static func cells(_ bytes: ArraySlice<UInt8>) -> [Cell] {
        String(decoding: bytes, as: UTF8.self).map(Cell.init)
    }

    init(_ character: Character) {
        if let ascii = character.asciiValue, (0x20...0x7E).contains(ascii) {
            text = String(character)
            width = 1
            return
        }
        if character == "\t" {
            // Wide enough for the excerpt's budget wherever the tab stands.
            text = "\t"
            width = 8
            return
        }
        let scalars = character.unicodeScalars
        let first = scalars.first!
        // An invisible character that stands alone is shown, as is a control character anywhere.
        if scalars.contains(where: \.needsEscapeOnOneLine) || first.properties.isDefaultIgnorableCodePoint {
            text = ""
            for (index, scalar) in scalars.enumerated() {
                if scalar.needsEscapeOnOneLine || index == 0 && scalar.properties.isDefaultIgnorableCodePoint {
                    text += scalar.escapedForOneLine
                } else {
                    text.unicodeScalars.append(scalar)
                }
            }
            width = text.count
            return
        }
        text = String(character)
        width = scalars.contains("\u{FE0F}") || first.properties.isEmojiPresentation || first.isEastAsianWide ? 2 : 1
    }
}

extension UInt8 {
    /// Whether the byte continues a UTF-8 character rather than starting one.
    var isUTF8Continuation: Bool { self & 0xC0 == 0x80 }
}

private extension Unicode.Scalar {
    /// Whether terminals give the scalar two columns: the wide and full-width East Asian blocks.
    var isEastAsianWide: Bool {
        switch value {
        case 0x1100...0x115F, 0x2E80...0x303E, 0x3041...0x33FF, 0x3400...0x4DBF, 0x4E00...0x9FFF,
             0xA000...0xA4CF, 0xAC00...0xD7A3, 0xF900...0xFAFF, 0xFE30...0xFE4F, 0xFF00...0xFF60,
             0xFFE0...0xFFE6, 0x20000...0x3FFFD:
            true
        default:
            false
        }
    }
}
