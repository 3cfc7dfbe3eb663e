extension SwiftName {
    /// `text` as lines that can each stand in a `//` comment: split at every line break Swift or
    /// an editor knows (LF, CR, CR LF, VT, FF, NEL, U+2028, U+2029), so no text from a spec ends a
    /// comment and is read as code; NUL, which Swift warns about, shown as U+2400 (␀); trailing
    /// spaces dropped.
    static func commentLines(_ text: String) -> [String] {
        var scalars = text.unicodeScalars
        if text.utf8.contains(0) {
            scalars = String.UnicodeScalarView(scalars.map { $0 == "\0" ? "\u{2400}" : $0 })
        }
        var lines: [String] = []
        var start = scalars.startIndex
        var previous: Unicode.Scalar?
        for index in scalars.indices {
            let scalar = scalars[index]
            defer { previous = scalar }
            switch scalar {
            case "\n" where previous == "\r":
                start = scalars.index(after: index)
            case "\n", "\r", "\u{0B}", "\u{0C}", "\u{85}", "\u{2028}", "\u{2029}":
                lines.append(String(scalars[start..<index]))
                start = scalars.index(after: index)
            default:
                break
            }
        }
        lines.append(String(scalars[start...]))
        return lines.map { line in
            var line = line
            while line.last == " " { line.removeLast() }
            return line
        }
    }
}
