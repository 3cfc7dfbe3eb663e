/// The limits a spec must keep, so that no input makes the generator crash, hang or run out of
/// memory. Each is far beyond what a real spec needs.
public enum SpecLimits {
    /// The largest spec file, in bytes: 16 MiB.
    public static let documentBytes = 16 * 1024 * 1024
    /// The deepest nesting of mappings and lists.
    public static let depth = 64
    /// The longest value (a scalar), in UTF-8 bytes: as long as a document may be. Real documents
    /// hold long texts (a licence agreement or an XML response in an example), and the document's
    /// own size already bounds the memory a value takes.
    public static let scalarBytes = documentBytes
    /// The longest mapping key (every name in a spec is a key), in UTF-8 bytes.
    public static let keyBytes = 1024
}

/// A lexical pass over YAML text that runs before Yams composes it, because Yams expands aliases
/// (an alias bomb of a few hundred bytes grows to gigabytes) and composes recursively (deep
/// nesting overflows the stack) before any check of ours could see the nodes.
///
/// It is exact about quoted scalars, block scalars and comments, so an `&` or `*` inside text is
/// never taken for an anchor or alias. Its depth is an estimate (one level per open flow bracket,
/// per indentation step and per `- ` or `? ` on a line); it guards Yams's recursion with a
/// margin, and the exact limit is checked on the composed nodes.
struct YAMLPrescan {
    enum Finding: Equatable {
        case anchorOrAlias(line: Int, column: Int)
        case tooDeep(line: Int, column: Int)
    }

    /// The estimated depth at which the scan stops, well below what overflows Yams's recursion.
    static let depthGuard = SpecLimits.depth * 4

    private let bytes: [UInt8]
    private var index = 0
    private var line = 1
    private var lineStart = 0

    /// Whether anchors and aliases are passed over rather than found.
    private let allowsAnchors: Bool

    private init(_ text: String, allowsAnchors: Bool) {
        bytes = Array(text.utf8)
        self.allowsAnchors = allowsAnchors
    }

    /// The first anchor or alias in `text` (unless `allowingAnchors`), or the first place nested
    /// beyond the guard.
    static func scan(_ text: String, allowingAnchors: Bool = false) -> Finding? {
        var scanner = YAMLPrescan(text, allowsAnchors: allowingAnchors)
        return scanner.run()
    }

    private var column: Int { index - lineStart + 1 }

    private func byte(_ offset: Int = 0) -> UInt8? {
        index + offset < bytes.count ? bytes[index + offset] : nil
    }

    private static func isBlank(_ byte: UInt8?) -> Bool {
        byte == nil || byte == .space || byte == .tab || byte == .newline || byte == .carriageReturn
    }

    private static func isFlowIndicator(_ byte: UInt8?) -> Bool {
        byte == .comma || byte == .openBracket || byte == .closeBracket || byte == .openBrace || byte == .closeBrace
    }

    private mutating func newline() {
        index += 1
        line += 1
        lineStart = index
    }

    private mutating func run() -> Finding? {
        var indents: [Int] = []
        var flowDepth = 0
        // The indentation of the line a plain scalar started on, while it may continue on the next line.
        var plainIndent: Int?

        while index < bytes.count {
            // At the start of a line: indentation, blank and comment lines, plain continuations.
            var lineDepth: Int
            var indent = 0
            while byte(indent) == .space { indent += 1 }
            let first = byte(indent)
            if first == .newline || first == .carriageReturn && byte(indent + 1) == .newline || first == nil || first == .hash {
                skipToEndOfLine()
                if byte() == .newline { newline() }
                continue
            }
            index += indent
            var atTokenStart = true
            if let started = plainIndent, flowDepth > 0 || indent > started {
                // The line continues a plain scalar, so `&` or `*` at its start is text.
                plainIndent = skipPlain(inFlow: flowDepth > 0) ? started : nil
                atTokenStart = false
            } else {
                plainIndent = nil
                if flowDepth == 0 {
                    while let last = indents.last, last > indent { indents.removeLast() }
                    if indents.last != indent { indents.append(indent) }
                }
            }
            lineDepth = indents.count

            // The tokens of the line.
            while let current = byte(), current != .newline {
                if current == .space || current == .tab || current == .carriageReturn {
                    index += 1
                    continue
                }
                if current == .hash, index == lineStart || Self.isBlank(bytes[index - 1]) {
                    skipToEndOfLine()
                    break
                }
                if !atTokenStart {
                    // After a scalar: a `:` indicator, a flow indicator, or more of a plain scalar.
                    if current == .colon, Self.isBlank(byte(1)) || flowDepth > 0 && Self.isFlowIndicator(byte(1)) {
                        index += 1
                        atTokenStart = true
                    } else if flowDepth > 0, Self.isFlowIndicator(current) {
                        atTokenStart = true
                    } else {
                        index += 1
                    }
                    continue
                }
                switch current {
                case .ampersand, .asterisk:
                    if !Self.isBlank(byte(1)) {
                        guard allowsAnchors else { return .anchorOrAlias(line: line, column: column) }
                        // Its name; an anchor's node follows it, an alias is a node itself.
                        while !Self.isBlank(byte()) && !(flowDepth > 0 && Self.isFlowIndicator(byte())) { index += 1 }
                        atTokenStart = current == .ampersand
                        continue
                    }
                    index += 1
                    atTokenStart = false
                case .exclamation:
                    // A tag: skip it; the node follows.
                    while !Self.isBlank(byte()) && !(flowDepth > 0 && Self.isFlowIndicator(byte())) { index += 1 }
                case .dash where Self.isBlank(byte(1)), .question where Self.isBlank(byte(1)):
                    lineDepth += 1
                    if lineDepth + flowDepth > Self.depthGuard { return .tooDeep(line: line, column: column) }
                    index += 1
                case .openBracket, .openBrace:
                    flowDepth += 1
                    if lineDepth + flowDepth > Self.depthGuard { return .tooDeep(line: line, column: column) }
                    index += 1
                case .closeBracket, .closeBrace:
                    flowDepth = max(0, flowDepth - 1)
                    index += 1
                    atTokenStart = false
                case .comma:
                    index += 1
                case .colon where Self.isBlank(byte(1)):
                    index += 1
                case .singleQuote:
                    skipSingleQuoted()
                    atTokenStart = false
                case .doubleQuote:
                    skipDoubleQuoted()
                    atTokenStart = false
                case .pipe where flowDepth == 0, .greaterThan where flowDepth == 0:
                    skipBlockScalar(parentIndent: indent)
                    plainIndent = nil
                    atTokenStart = true
                    continue
                default:
                    if lineDepth + flowDepth > Self.depthGuard { return .tooDeep(line: line, column: column) }
                    plainIndent = skipPlain(inFlow: flowDepth > 0) ? indent : nil
                    atTokenStart = false
                }
            }
            if byte() == .newline { newline() }
            if lineDepth + flowDepth > Self.depthGuard { return .tooDeep(line: line, column: 1) }
        }
        return nil
    }

    private mutating func skipToEndOfLine() {
        while let current = byte(), current != .newline { index += 1 }
    }

    /// Skips a plain scalar's text on this line; true when it runs to the end of the line, so it
    /// may continue on the next.
    @discardableResult
    private mutating func skipPlain(inFlow: Bool) -> Bool {
        while let current = byte(), current != .newline {
            if current == .colon, Self.isBlank(byte(1)) || inFlow && Self.isFlowIndicator(byte(1)) { return false }
            if current == .hash, Self.isBlank(bytes[index - 1]) { return false }
            if inFlow, Self.isFlowIndicator(current) { return false }
            index += 1
        }
        return true
    }

    private mutating func skipSingleQuoted() {
        index += 1
        while let current = byte() {
            if current == .newline {
                newline()
            } else if current == .singleQuote {
                index += 1
                guard byte() == .singleQuote else { return }
                index += 1
            } else {
                index += 1
            }
        }
    }

    private mutating func skipDoubleQuoted() {
        index += 1
        while let current = byte() {
            if current == .newline {
                newline()
            } else if current == .backslash {
                index += 1
                if byte() == .newline { newline() } else { index += 1 }
            } else {
                index += 1
                if current == .doubleQuote { return }
            }
        }
    }

    /// Skips a `|` or `>` block scalar: the rest of its header line, then every line that is
    /// blank or indented more than the line it started on.
    private mutating func skipBlockScalar(parentIndent: Int) {
        skipToEndOfLine()
        while byte() == .newline {
            let next = index + 1
            var indent = 0
            while next + indent < bytes.count, bytes[next + indent] == .space { indent += 1 }
            let first = next + indent < bytes.count ? bytes[next + indent] : nil
            let blank = first == nil || first == .newline || first == .carriageReturn
            guard blank || indent > parentIndent else { return }
            newline()
            skipToEndOfLine()
        }
    }
}

private extension UInt8 {
    static let space = UInt8(ascii: " "), tab = UInt8(ascii: "\t")
    static let newline = UInt8(ascii: "\n"), carriageReturn = UInt8(ascii: "\r")
    static let hash = UInt8(ascii: "#"), colon = UInt8(ascii: ":"), comma = UInt8(ascii: ",")
    static let ampersand = UInt8(ascii: "&"), asterisk = UInt8(ascii: "*"), exclamation = UInt8(ascii: "!")
    static let dash = UInt8(ascii: "-"), question = UInt8(ascii: "?")
    static let openBracket = UInt8(ascii: "["), closeBracket = UInt8(ascii: "]")
    static let openBrace = UInt8(ascii: "{"), closeBrace = UInt8(ascii: "}")
    static let singleQuote = UInt8(ascii: "'"), doubleQuote = UInt8(ascii: "\""), backslash = UInt8(ascii: "\\")
    static let pipe = UInt8(ascii: "|"), greaterThan = UInt8(ascii: ">")
}
