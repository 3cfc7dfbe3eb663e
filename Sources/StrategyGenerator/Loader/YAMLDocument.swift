import Yams

/// A YAML node with the place it was written; the only view of YAML the rest of the loader has.
struct YAMLNode: Sendable {
    enum Kind: Sendable {
        /// A scalar's text; `quoted` when written in quotes or as a block, so never a number or `null`.
        case scalar(String, quoted: Bool)
        case mapping([(key: YAMLNode, value: YAMLNode)])
        case sequence([YAMLNode])
    }

    var kind: Kind
    var location: SourceLocation

    var scalar: String? {
        if case .scalar(let text, _) = kind { text } else { nil }
    }

    /// The node as a plain value, typing unquoted scalars as YAML's core schema does.
    var value: YAMLValue {
        switch kind {
        case .scalar(let text, let quoted):
            if quoted { return .string(text) }
            switch text {
            case "", "~", "null", "Null", "NULL": return .null
            case "true", "True", "TRUE": return .bool(true)
            case "false", "False", "FALSE": return .bool(false)
            default:
                if let int = Int(text) { return .int(int) }
                if let double = Double(text), text.contains(where: { $0 == "." || $0 == "e" || $0 == "E" }) {
                    return .double(double)
                }
                return .string(text)
            }
        case .sequence(let items):
            return .array(items.map(\.value))
        case .mapping(let pairs):
            let keys = pairs.map { $0.key.scalar ?? "" }
            return .object(keys, Dictionary(pairs.map { ($0.key.scalar ?? "", $0.value.value) }, uniquingKeysWith: { first, _ in first }))
        }
    }

    /// "a string", "a mapping", "a list": for messages.
    var kindDescription: String {
        switch kind {
        case .scalar: "a scalar"
        case .mapping: "a mapping"
        case .sequence: "a list"
        }
    }
}

/// Parses YAML text with Yams; the one file that imports it.
///
/// Before Yams sees the text, ``YAMLPrescan`` rejects anchors, aliases and runaway nesting, and
/// the size is checked; while converting, the exact nesting depth and the length of every value
/// and key are (see ``SpecLimits``). Columns are counted in UTF-8 bytes, as clang and swiftc
/// count them, where libyaml counts Unicode scalars.
enum YAMLDocument {
    /// How many values a document whose aliases repeat parts of it may hold once every alias is
    /// counted as the values it stands for.
    static let maximumExpandedValues = 2_000_000

    /// The document's root node, or the diagnostic that says why the text isn't YAML.
    ///
    /// With `allowingAliases` (OpenAPI documents, written by others, use them), an alias stands
    /// for its anchor's node, shared rather than copied; a document whose aliases would make it
    /// hold more than ``maximumExpandedValues`` values is refused at the alias that passes the
    /// limit, so an alias bomb costs no more than reading it.
    static func parse(_ text: String, file: String, allowingAliases: Bool = false) -> Result<YAMLNode?, DiagnosticsError> {
        // A byte-order mark at the start of the file marks its encoding; it isn't part of the
        // text, and editors don't count it in columns.
        var text = text
        if text.unicodeScalars.first == "\u{FEFF}" { text.unicodeScalars.removeFirst() }
        let size = text.utf8.count
        guard size <= SpecLimits.documentBytes else {
            return .failure(DiagnosticsError([.error("the spec is \(size) bytes; a spec may be at most \(SpecLimits.documentBytes) bytes (16 MiB)", at: SourceLocation(file: file, line: 1, column: 1))]))
        }
        switch YAMLPrescan.scan(text, allowingAnchors: allowingAliases) {
        case .anchorOrAlias(let line, let column):
            return .failure(DiagnosticsError([.error(anchorMessage, at: SourceLocation(file: file, line: line, column: column))]))
        case .tooDeep(let line, let column):
            return .failure(DiagnosticsError([.error(depthMessage, at: SourceLocation(file: file, line: line, column: column))]))
        case nil:
            break
        }
        let columns = ByteColumns(text)
        do {
            do {
                return .success(try compose(text, resolver: .basic, file: file, columns: columns, allowingAliases: allowingAliases))
            } catch {
                return .success(try compose(text, resolver: .default, file: file, columns: columns, allowingAliases: allowingAliases))
            }
        } catch let error as YamlError {
            return .failure(DiagnosticsError([diagnostic(for: error, file: file, columns: columns)]))
        } catch let error as DiagnosticsError {
            return .failure(error)
        } catch {
            return .failure(DiagnosticsError([.error("invalid YAML: \(error)", at: SourceLocation(file: file, line: 1, column: 1))]))
        }
    }

    /// The document's root node, composed by Yams with `resolver`.
    ///
    /// The loader types scalars itself (``YAMLNode/value``), so Yams's tags matter only where Yams
    /// compares a mapping's keys: two keys are the same when their text and tag are. With the
    /// `.basic` resolver every untagged scalar is a string, which costs no regular expression per
    /// node; as long as every key is untagged or tagged as a string, it finds the same keys the
    /// same as the `.default` resolver does (and maybe more), and a document it composes without
    /// error composes the same either way. So `parse` composes with `.basic` first, and again
    /// with `.default` (as it always did) when that fails in any way or meets another key: a
    /// document that `.basic` finds a duplicate in, or that has an error, gets the very
    /// diagnostic it always got.
    private static func compose(_ text: String, resolver: Yams.Resolver, file: String, columns: ByteColumns, allowingAliases: Bool) throws -> YAMLNode? {
        guard let root = try Yams.compose(yaml: text, resolver) else { return nil }
        var anchors: AnchoredNodes? = allowingAliases ? AnchoredNodes() : nil
        let untypedKeys = resolver.rules.isEmpty
        return try convert(root, file: file, columns: columns, untypedKeys: untypedKeys, depth: 0, anchors: &anchors).node
    }

    /// Thrown when a document composed with the `.basic` resolver has a key that it may find the
    /// same as another key, or not, where the `.default` resolver wouldn't.
    private struct NeedsTypedKeys: Error {}

    /// The tags of a key that the `.basic` resolver compares as the `.default` one does: none
    /// (as composed), or a string's (as the comparison resolved it, or as written).
    private static let untypedTags: Set = [Tag.Name.implicit.rawValue, Tag.Name.str.rawValue]

    static let anchorMessage = "YAML anchors and aliases ('&name', '*name') are not supported in specs; write the value out"
    static let depthMessage = "the spec nests mappings and lists more than \(SpecLimits.depth) levels deep"

    /// Mappings and lists already converted, by the place they are written, with the number of
    /// values each holds, so every alias of one reuses its conversion.
    private struct AnchoredNodes {
        /// By line, column and kind.
        var converted: [Int: (node: YAMLNode, values: Int)] = [:]
    }

    private static func convert(_ node: Node, file: String, columns: ByteColumns, untypedKeys: Bool, depth: Int, anchors: inout AnchoredNodes?) throws -> (node: YAMLNode, values: Int) {
        guard anchors != nil else {
            if node.anchor != nil {
                throw DiagnosticsError([.error(anchorMessage, at: columns.location(file: file, node.mark))])
            }
            return try convertNode(node, file: file, columns: columns, untypedKeys: untypedKeys, depth: depth, anchors: &anchors)
        }
        // Yams resolves an alias to the very node its anchor names, met again at the place it is
        // written; a scalar costs one value however often it is met.
        let key: Int
        switch (node, node.mark) {
        case (.mapping, let mark?): key = (mark.line << 32 | mark.column) << 1
        case (.sequence, let mark?): key = (mark.line << 32 | mark.column) << 1 | 1
        default: return try convertNode(node, file: file, columns: columns, untypedKeys: untypedKeys, depth: depth, anchors: &anchors)
        }
        if let done = anchors?.converted[key] { return done }
        let converted = try convertNode(node, file: file, columns: columns, untypedKeys: untypedKeys, depth: depth, anchors: &anchors)
        anchors?.converted[key] = converted
        return converted
    }

    private static func convertNode(_ node: Node, file: String, columns: ByteColumns, untypedKeys: Bool, depth: Int, anchors: inout AnchoredNodes?) throws -> (node: YAMLNode, values: Int) {
        let location = columns.location(file: file, node.mark)
        func reject(_ message: String) -> DiagnosticsError { DiagnosticsError([.error(message, at: location)]) }
        func counted(_ values: Int) throws -> Int {
            guard values <= maximumExpandedValues else {
                throw reject("aliases make the document hold more than \(maximumExpandedValues) values")
            }
            return values
        }
        switch node {
        case .scalar(let scalar):
            let size = scalar.string.utf8.count
            if size > SpecLimits.scalarBytes {
                throw reject("a value of \(size) bytes; a value may be at most \(SpecLimits.scalarBytes) bytes")
            }
            var string = scalar.string
            // Yams decodes each value with Foundation, which drops a leading U+FEFF as a byte-order
            // mark; a value that starts with one in the spec keeps it.
            let written = columns.byteOrderMarksStarting(at: location, style: scalar.style)
            let kept = string.unicodeScalars.prefix { $0 == "\u{FEFF}" }.count
            if written > kept {
                string = String(repeating: "\u{FEFF}", count: written - kept) + string
            }
            return (YAMLNode(kind: .scalar(string, quoted: scalar.style != .plain), location: location), 1)
        case .mapping(let mapping):
            if depth >= SpecLimits.depth { throw reject(depthMessage) }
            var values = 1
            var pairs: [(key: YAMLNode, value: YAMLNode)] = []
            for pair in mapping {
                if untypedKeys {
                    guard case .scalar(let scalar) = pair.key, untypedTags.contains(scalar.tag.description) else {
                        throw NeedsTypedKeys()
                    }
                }
                let key = try convert(pair.key, file: file, columns: columns, untypedKeys: untypedKeys, depth: depth + 1, anchors: &anchors)
                if let text = key.node.scalar, text.utf8.count > SpecLimits.keyBytes {
                    throw DiagnosticsError([.error("a key of \(text.utf8.count) bytes; a key may be at most \(SpecLimits.keyBytes) bytes", at: key.node.location)])
                }
                let value = try convert(pair.value, file: file, columns: columns, untypedKeys: untypedKeys, depth: depth + 1, anchors: &anchors)
                values = try counted(values + key.values + value.values)
                pairs.append((key: key.node, value: value.node))
            }
            return (YAMLNode(kind: .mapping(pairs), location: location), values)
        case .sequence(let sequence):
            if depth >= SpecLimits.depth { throw reject(depthMessage) }
            var values = 1
            var items: [YAMLNode] = []
            for item in sequence {
                let converted = try convert(item, file: file, columns: columns, untypedKeys: untypedKeys, depth: depth + 1, anchors: &anchors)
                values = try counted(values + converted.values)
                items.append(converted.node)
            }
            return (YAMLNode(kind: .sequence(items), location: location), values)
        case .alias:
            throw reject(anchorMessage)
        }
    }

    private static func diagnostic(for error: YamlError, file: String, columns: ByteColumns) -> Diagnostic {
        func located(_ problem: String, _ context: YamlError.Context?, _ mark: Mark) -> Diagnostic {
            var message = "invalid YAML: \(problem)"
            if let context {
                let place = columns.location(file: file, context.mark)
                message += " (\(context.text) at line \(place.line), column \(place.column))"
            }
            return .error(message, at: columns.location(file: file, mark))
        }
        switch error {
        case .scanner(let context, let problem, let mark, _),
             .parser(let context, let problem, let mark, _),
             .composer(let context, let problem, let mark, _):
            return located(problem, context, mark)
        case .duplicatedKeysInMapping(let duplicates, let context):
            let keys = duplicates.map { "'\($0)'" }.joined(separator: ", ")
            return .error("duplicate key \(keys) in one mapping", at: columns.location(file: file, context.mark))
        case .reader(let problem, _, _, _):
            return .error("invalid YAML: \(problem)", at: SourceLocation(file: file, line: 1, column: 1))
        default:
            return .error("invalid YAML: \(error)", at: SourceLocation(file: file, line: 1, column: 1))
        }
    }
}

/// Turns libyaml's columns, counted in Unicode scalars, into columns counted in UTF-8 bytes.
///
/// Every conversion costs at most ``checkpointStride`` steps, whatever the length of the line and
/// the order nodes are met in: on a line that isn't all ASCII, the place of every
/// ``checkpointStride``-th scalar is kept once it has been walked to.
private final class ByteColumns {
    private let text: String
    /// The UTF-8 offset where each line starts, and whether the line is all ASCII.
    private var lines: [(start: String.Index, ascii: Bool)] = []
    /// By line (only lines with non-ASCII text), where its 0th, `stride`th, 2 × `stride`th …
    /// scalar starts, counted from its start and running on past its end as libyaml's columns may.
    private var checkpoints: [Int: [String.Index]] = [:]
    private static let checkpointStride = 64

    init(_ text: String) {
        self.text = text
        var start = text.startIndex
        var ascii = true
        var index = text.utf8.startIndex
        while index < text.utf8.endIndex {
            let byte = text.utf8[index]
            if byte >= 0x80 { ascii = false }
            text.utf8.formIndex(after: &index)
            if byte == UInt8(ascii: "\n") {
                lines.append((start, ascii))
                start = index
                ascii = true
            }
        }
        lines.append((start, ascii))
    }

    /// How many U+FEFF the scalar of `style` at `location` starts with, written as they are or
    /// (in double quotes) as escapes; at most as many as its first ``SpecLimits/scalarBytes``
    /// Unicode scalars hold.
    func byteOrderMarksStarting(at location: SourceLocation, style: Node.Scalar.Style) -> Int {
        guard location.line >= 1, location.line <= lines.count, style != .literal, style != .folded else { return 0 }
        let utf8 = text.utf8
        guard var index = utf8.index(lines[location.line - 1].start, offsetBy: location.column - 1, limitedBy: utf8.endIndex) else { return 0 }
        if style == .singleQuoted || style == .doubleQuoted {
            guard index < utf8.endIndex else { return 0 }
            utf8.formIndex(after: &index)
        }
        // Most values start with neither, and are done with here.
        guard let first = text.unicodeScalars[index...].first,
              first == "\u{FEFF}" || style == .doubleQuoted && first == "\\" else { return 0 }
        // Read up to the limit without first walking to it; a run long enough to come near the
        // limit is counted again within it, where the limit may cut the last escape short.
        var rest = Substring(text.unicodeScalars[index...])
        var read = 0
        var count = 0
        while let next = Self.afterByteOrderMark(rest, style: style) {
            read += text.unicodeScalars.distance(from: rest.startIndex, to: next.startIndex)
            if read > SpecLimits.scalarBytes - 16 {
                return Self.byteOrderMarks(Substring(text.unicodeScalars[index...].prefix(SpecLimits.scalarBytes)), style: style)
            }
            rest = next
            count += 1
        }
        return count
    }

    /// How many U+FEFF `text` starts with.
    private static func byteOrderMarks(_ text: Substring, style: Node.Scalar.Style) -> Int {
        var rest = text
        var count = 0
        while let next = afterByteOrderMark(rest, style: style) {
            rest = next
            count += 1
        }
        return count
    }

    /// The text after the U+FEFF that `text` starts with, or nil.
    private static func afterByteOrderMark(_ text: Substring, style: Node.Scalar.Style) -> Substring? {
        if text.unicodeScalars.first == "\u{FEFF}" {
            return text.dropFirst()
        }
        if style == .doubleQuoted, text.first == "\\", let escape = ["\\ufeff", "\\u0000feff"].first(where: { text.prefix(10).lowercased().hasPrefix($0) }) {
            return text.dropFirst(escape.count)
        }
        return nil
    }

    func location(file: String, _ mark: Mark?) -> SourceLocation {
        guard let mark else { return SourceLocation(file: file, line: 1, column: 1) }
        return SourceLocation(file: file, line: mark.line, column: byteColumn(line: mark.line, scalarColumn: mark.column))
    }

    private func byteColumn(line: Int, scalarColumn: Int) -> Int {
        guard line >= 1, line <= lines.count, !lines[line - 1].ascii, scalarColumn > 1 else { return scalarColumn }
        let start = lines[line - 1].start
        let scalars = scalarColumn - 1
        let stride = Self.checkpointStride
        let view = text.unicodeScalars
        var marks = checkpoints.removeValue(forKey: line) ?? [start]
        while marks.count <= scalars / stride, let last = marks.last, last < view.endIndex {
            marks.append(view.index(last, offsetBy: stride, limitedBy: view.endIndex) ?? view.endIndex)
        }
        checkpoints[line] = marks
        var index = view.endIndex
        if marks.count > scalars / stride {
            index = view.index(marks[scalars / stride], offsetBy: scalars % stride, limitedBy: view.endIndex) ?? view.endIndex
        }
        return text.utf8.distance(from: start, to: index) + 1
    }
}
