/// Parses JSON text into the same located nodes as YAML, so a JSON document gets
/// `path:line:column` diagnostics as a YAML one does.
///
/// JSON is read as JSON rather than as YAML: escapes such as `\u0000`, control characters and
/// lines of any length, which YAML parsers refuse, are taken as JSON allows them. Strings become
/// quoted scalars; numbers, `true`, `false` and `null` become plain scalars, so
/// ``YAMLNode/value`` types them as it types YAML's. Columns count UTF-8 bytes from 1, as
/// YAML's do.
enum JSONDocument {
    /// How deeply arrays and objects may nest before the document is refused, so that no
    /// document can exhaust the stack.
    static let maximumDepth = 512

    /// The document's root value, `nil` for a document of only white space, or the diagnostic
    /// that says where and why the text isn't JSON.
    static func parse(_ text: String, file: String) -> Result<YAMLNode?, DiagnosticsError> {
        var parser = JSONParser(bytes: Array(text.utf8), file: file)
        do {
            return .success(try parser.document())
        } catch {
            return .failure(DiagnosticsError([error.diagnostic]))
        }
    }
}

/// Why the text isn't JSON, and where.
private struct JSONSyntaxError: Error {
    var message: String
    var location: SourceLocation

    var diagnostic: Diagnostic { .error("invalid JSON: \(message)", at: location) }
}

/// A recursive-descent parser over UTF-8 bytes that counts lines and byte columns as it goes.
private struct JSONParser {
    let bytes: [UInt8]
    let file: String
    private var index = 0
    private var line = 1
    /// Where the current line starts, so a column is `index - lineStart + 1`.
    private var lineStart = 0
    private var depth = 0

    init(bytes: [UInt8], file: String) {
        self.bytes = bytes
        self.file = file
        if bytes.starts(with: [0xEF, 0xBB, 0xBF]) {  // a byte order mark
            index = 3
            lineStart = 3
        }
    }

    private var location: SourceLocation {
        SourceLocation(file: file, line: line, column: index - lineStart + 1)
    }

    private var current: UInt8? { index < bytes.count ? bytes[index] : nil }

    mutating func document() throws(JSONSyntaxError) -> YAMLNode? {
        skipWhiteSpace()
        guard current != nil else { return nil }
        let root = try value()
        skipWhiteSpace()
        if current != nil { throw failure("unexpected \(describeCurrent()) after the document's value") }
        return root
    }

    private mutating func value() throws(JSONSyntaxError) -> YAMLNode {
        let start = location
        guard let byte = current else { throw failure("the document ends where a value is expected") }
        switch byte {
        case UInt8(ascii: "{"): return try object(at: start)
        case UInt8(ascii: "["): return try array(at: start)
        case UInt8(ascii: "\""): return YAMLNode(kind: .scalar(try string(), quoted: true), location: start)
        case UInt8(ascii: "t"): return try literal("true", at: start)
        case UInt8(ascii: "f"): return try literal("false", at: start)
        case UInt8(ascii: "n"): return try literal("null", at: start)
        case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"): return try number(at: start)
        default: throw failure("expected a value, found \(describeCurrent())")
        }
    }

    private mutating func object(at start: SourceLocation) throws(JSONSyntaxError) -> YAMLNode {
        var pairs: [(key: YAMLNode, value: YAMLNode)] = []
        try elements(closing: UInt8(ascii: "}"), "an object member") { parser throws(JSONSyntaxError) in
            pairs.append(try parser.member())
        }
        return YAMLNode(kind: .mapping(pairs), location: start)
    }

    /// `"name": value`
    private mutating func member() throws(JSONSyntaxError) -> (key: YAMLNode, value: YAMLNode) {
        guard current == UInt8(ascii: "\"") else {
            throw failure("expected a member name in double quotes, found \(describeCurrent())")
        }
        let keyLocation = location
        let key = YAMLNode(kind: .scalar(try string(), quoted: true), location: keyLocation)
        skipWhiteSpace()
        guard current == UInt8(ascii: ":") else { throw failure("expected ':' after a member name, found \(describeCurrent())") }
        index += 1
        skipWhiteSpace()
        return (key: key, value: try value())
    }

    private mutating func array(at start: SourceLocation) throws(JSONSyntaxError) -> YAMLNode {
        var items: [YAMLNode] = []
        try elements(closing: UInt8(ascii: "]"), "an array item") { parser throws(JSONSyntaxError) in
            items.append(try parser.value())
        }
        return YAMLNode(kind: .sequence(items), location: start)
    }

    /// Reads the comma-separated elements of the object or array whose opening bracket is at
    /// the current place, each with `element`, through its `closing` bracket.
    private mutating func elements(
        closing: UInt8,
        _ what: String,
        _ element: (inout JSONParser) throws(JSONSyntaxError) -> Void
    ) throws(JSONSyntaxError) {
        try enter()
        defer { depth -= 1 }
        index += 1
        skipWhiteSpace()
        if current == closing {
            index += 1
            return
        }
        while true {
            skipWhiteSpace()
            try element(&self)
            skipWhiteSpace()
            switch current {
            case UInt8(ascii: ","):
                index += 1
            case closing:
                index += 1
                return
            default:
                throw failure("expected ',' or '\(Character(Unicode.Scalar(closing)))' after \(what), found \(describeCurrent())")
            }
        }
    }

    private mutating func enter() throws(JSONSyntaxError) {
        depth += 1
        guard depth <= JSONDocument.maximumDepth else {
            throw failure("arrays and objects nest more than \(JSONDocument.maximumDepth) deep")
        }
    }

    /// A string's text with its escapes resolved; a lone surrogate escape becomes U+FFFD.
    private mutating func string() throws(JSONSyntaxError) -> String {
        let opening = location
        index += 1
        var text: [UInt8] = []
        while true {
            guard let byte = current else {
                throw JSONSyntaxError(message: "a string is not closed", location: opening)
            }
            switch byte {
            case UInt8(ascii: "\""):
                index += 1
                return String(decoding: text, as: UTF8.self)
            case UInt8(ascii: "\\"):
                index += 1
                try escape(into: &text)
            case UInt8(ascii: "\n"):
                // JSON forbids a raw line break in a string; taken as written, the line count stays true.
                text.append(byte)
                index += 1
                newLine()
            default:
                text.append(byte)
                index += 1
            }
        }
    }

    private mutating func escape(into text: inout [UInt8]) throws(JSONSyntaxError) {
        guard let byte = current else { throw failure("a string ends in the middle of an escape") }
        index += 1
        switch byte {
        case UInt8(ascii: "\""), UInt8(ascii: "\\"), UInt8(ascii: "/"): text.append(byte)
        case UInt8(ascii: "b"): text.append(0x08)
        case UInt8(ascii: "f"): text.append(0x0C)
        case UInt8(ascii: "n"): text.append(0x0A)
        case UInt8(ascii: "r"): text.append(0x0D)
        case UInt8(ascii: "t"): text.append(0x09)
        case UInt8(ascii: "u"):
            var scalar = try hexQuad()
            if (0xD800..<0xDC00).contains(scalar) {
                // A high surrogate takes the low one that should follow it.
                if bytes[index...].starts(with: [UInt8(ascii: "\\"), UInt8(ascii: "u")]) {
                    let mark = index
                    index += 2
                    let low = try hexQuad()
                    if (0xDC00..<0xE000).contains(low) {
                        scalar = 0x10000 + ((scalar - 0xD800) << 10) + (low - 0xDC00)
                    } else {
                        index = mark
                    }
                }
            }
            text.append(contentsOf: String(Unicode.Scalar(scalar).map(Character.init) ?? "\u{FFFD}").utf8)
        default:
            index -= 1
            throw failure("'\\' is followed by \(describeCurrent()), which is not an escape")
        }
    }

    private mutating func hexQuad() throws(JSONSyntaxError) -> UInt32 {
        var value: UInt32 = 0
        for _ in 0..<4 {
            guard let byte = current, let digit = hexValue(byte) else {
                throw failure("'\\u' is followed by \(describeCurrent()) instead of four hexadecimal digits")
            }
            value = value << 4 | digit
            index += 1
        }
        return value
    }

    private func hexValue(_ byte: UInt8) -> UInt32? {
        switch byte {
        case UInt8(ascii: "0")...UInt8(ascii: "9"): UInt32(byte - UInt8(ascii: "0"))
        case UInt8(ascii: "a")...UInt8(ascii: "f"): UInt32(byte - UInt8(ascii: "a") + 10)
        case UInt8(ascii: "A")...UInt8(ascii: "F"): UInt32(byte - UInt8(ascii: "A") + 10)
        default: nil
        }
    }

    /// A number as written, checked against JSON's grammar.
    private mutating func number(at start: SourceLocation) throws(JSONSyntaxError) -> YAMLNode {
        let first = index
        if current == UInt8(ascii: "-") { index += 1 }
        if current == UInt8(ascii: "0") {
            index += 1
        } else {
            guard try digits() > 0 else { throw failure("expected a digit, found \(describeCurrent())") }
        }
        if current == UInt8(ascii: ".") {
            index += 1
            guard try digits() > 0 else { throw failure("expected a digit after '.', found \(describeCurrent())") }
        }
        if current == UInt8(ascii: "e") || current == UInt8(ascii: "E") {
            index += 1
            if current == UInt8(ascii: "+") || current == UInt8(ascii: "-") { index += 1 }
            guard try digits() > 0 else { throw failure("expected a digit in the exponent, found \(describeCurrent())") }
        }
        let text = String(decoding: bytes[first..<index], as: UTF8.self)
        return YAMLNode(kind: .scalar(text, quoted: false), location: start)
    }

    private mutating func digits() throws(JSONSyntaxError) -> Int {
        let first = index
        while let byte = current, (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte) { index += 1 }
        return index - first
    }

    private mutating func literal(_ word: String, at start: SourceLocation) throws(JSONSyntaxError) -> YAMLNode {
        guard bytes[index...].starts(with: word.utf8) else {
            throw failure("expected a value, found \(describeCurrent())")
        }
        index += word.utf8.count
        return YAMLNode(kind: .scalar(word, quoted: false), location: start)
    }

    private mutating func skipWhiteSpace() {
        while let byte = current {
            switch byte {
            case UInt8(ascii: " "), UInt8(ascii: "\t"), UInt8(ascii: "\r"):
                index += 1
            case UInt8(ascii: "\n"):
                index += 1
                newLine()
            default:
                return
            }
        }
    }

    private mutating func newLine() {
        line += 1
        lineStart = index
    }

    /// The byte at the current place, for a message: a printable ASCII character in quotes, the
    /// end of the document, or a code point.
    private func describeCurrent() -> String {
        guard let byte = current else { return "the end of the document" }
        if (0x21...0x7E).contains(byte) { return "'\(Character(Unicode.Scalar(byte)))'" }
        if byte < 0x80 { return codePoint(UInt32(byte)) }
        // The scalar that starts here, for a message that names what an editor shows.
        let scalar = String(decoding: bytes[index..<min(index + 4, bytes.count)], as: UTF8.self).unicodeScalars.first
        return scalar.map { codePoint($0.value) } ?? "a byte that isn't UTF-8"
    }

    private func codePoint(_ value: UInt32) -> String {
        let hex = String(value, radix: 16, uppercase: true)
        return "U+" + String(repeating: "0", count: max(0, 4 - hex.count)) + hex
    }

    private func failure(_ message: String) -> JSONSyntaxError {
        JSONSyntaxError(message: message, location: location)
    }
}
