/// Writes the code model as Swift text: four-space indentation, one blank line between
/// declarations (none between consecutive one-line properties or cases), calls and dictionary
/// literals broken one element a line when they don't fit in ``lineWidth`` columns where they
/// stand, a final newline. The one place that lays out text; ``SwiftName`` is the one that escapes it.
public enum SwiftRenderer {
    public static let lineWidth = 110

    public static func render(_ file: SwiftFile) -> String {
        var out = Writer()
        for line in file.header.flatMap(SwiftName.commentLines) { out.line(line.isEmpty ? "//" : "// \(line)") }
        if !file.header.isEmpty, !file.imports.isEmpty || !file.declarations.isEmpty { out.blank() }
        // The runtime is imported with its `Generated` SPI: the helpers generated code uses in
        // its bodies (JSON keys, date coding, default parameters) are not the runtime's public API.
        for module in file.imports { out.line(module == "StrategyKit" ? "@_spi(Generated) import StrategyKit" : "import \(module)") }
        for declaration in file.declarations {
            out.blank()
            render(declaration, into: &out)
        }
        return wrappingDocComments(out.text)
    }

    /// `get { value }`, or the accessor's statements in a block.
    private static func accessor(_ keyword: String, _ body: [Statement], into out: inout Writer) {
        if body.count == 1, case .line(let line) = body[0] {
            out.line("\(keyword) { \(line) }")
        } else {
            out.line("\(keyword) {")
            out.indented { out in statements(body, into: &out) }
            out.line("}")
        }
    }

    /// One declaration's text, as it would stand at the top level of a file.
    public static func render(_ declaration: Declaration) -> String {
        var out = Writer()
        render(declaration, into: &out)
        return wrappingDocComments(out.text)
    }

    private static func render(_ declaration: Declaration, into out: inout Writer) {
        switch declaration {
        case .type(let type):
            docs(type.docs, attributes: type.attributes, into: &out)
            let inherits = type.inherits.isEmpty ? "" : ": " + type.inherits.joined(separator: ", ")
            let head = "\(prefix(type.access))\(type.kind.rawValue) \(type.name)\(inherits)"
            if type.members.isEmpty {
                out.line(head + " {}")
            } else {
                out.line(head + " {")
                out.indented { out in members(type.members, into: &out) }
                out.line("}")
            }
        case .property(let property):
            docs(property.docs, attributes: property.attributes, into: &out)
            let keyword = (property.isStatic ? "static " : "") + (property.isLet ? "let" : "var")
            var text = "\(prefix(property.access))\(keyword) \(property.name)"
            if let type = property.type { text += ": \(type)" }
            if let value = property.value { text += " = \(value)" }
            if let getter = property.getter, let setter = property.setter {
                out.line(text + " {")
                out.indented { out in
                    accessor("get", getter, into: &out)
                    accessor("set", setter, into: &out)
                }
                out.line("}")
            } else if let getter = property.getter, getter.count == 1, case .line(let value) = getter[0],
               out.column + text.count + value.count + 6 <= lineWidth {
                out.line("\(text) { \(value) }")
            } else if let getter = property.getter {
                out.line(text + " {")
                out.indented { out in statements(getter, into: &out) }
                out.line("}")
            } else {
                out.line(text)
            }
        case .function(let function):
            docs(function.docs, attributes: function.attributes, into: &out)
            render(function, into: &out)
        case .typeAlias(let docs, let access, let name, let type):
            self.docs(docs, attributes: [], into: &out)
            out.line("\(prefix(access))typealias \(name) = \(type)")
        case .enumCase(let docs, let attributes, let name, let rawValue):
            self.docs(docs, attributes: attributes, into: &out)
            out.line("case \(name)" + (rawValue.map { " = \($0)" } ?? ""))
        }
    }

    private static func render(_ function: Function, into out: inout Writer) {
        let parameters = function.parameters.map { parameter in
            let label = parameter.label.map { $0 == parameter.name ? $0 : "\($0) \(parameter.name)" } ?? parameter.name
            return "\(label): \(parameter.type)" + (parameter.defaultValue.map { " = \($0)" } ?? "")
        }
        var modifiers = prefix(function.access)
        if function.isStatic { modifiers += "static " }
        if function.isMutating { modifiers += "mutating " }
        let name = function.name == "init" ? "init" : "func \(function.name)"
        var effects = ""
        if function.isAsync { effects += " async" }
        if function.isThrowing { effects += function.thrownType.map { " throws(\($0))" } ?? " throws" }
        if let returnType = function.returnType { effects += " -> \(returnType)" }
        let opening = function.body.map { $0.isEmpty ? " {}" : " {" } ?? ""
        writeCall(prefix: modifiers + name, arguments: parameters, suffix: effects + opening, into: &out)
        guard let body = function.body, !body.isEmpty else { return }
        out.indented { out in statements(body, into: &out) }
        out.line("}")
    }

    private static func members(_ members: [Declaration], into out: inout Writer) {
        var previous: Declaration?
        for member in members {
            if let previous, !(isCompact(previous) && isCompact(member) && sameKind(previous, member)) {
                out.blank()
            }
            render(member, into: &out)
            previous = member
        }
    }

    /// One-line declarations of a kind sit together without blank lines.
    private static func isCompact(_ declaration: Declaration) -> Bool {
        switch declaration {
        case .property(let property):
            // A static value computed in one line, such as an open enum's, reads as a constant.
            property.docs.isEmpty && (property.getter == nil || property.isStatic && property.setter == nil && property.getter?.count == 1)
        case .enumCase(_, let attributes, _, _): attributes.isEmpty
        case .typeAlias(let docs, _, _, _): docs.isEmpty
        case .function(let function): function.body == nil && function.docs.isEmpty
        case .type: false
        }
    }

    private static func sameKind(_ a: Declaration, _ b: Declaration) -> Bool {
        switch (a, b) {
        case (.property, .property), (.enumCase, .enumCase), (.typeAlias, .typeAlias), (.function, .function): true
        default: false
        }
    }

    private static func statements(_ statements: [Statement], into out: inout Writer) {
        for statement in statements {
            switch statement {
            case .line(let text):
                out.line(text)
            case .block(let header, let body):
                out.line("\(header) {")
                out.indented { out in self.statements(body, into: &out) }
                out.line("}")
            case .switchOver(let subject, let cases):
                out.line("switch \(subject) {")
                for switchCase in cases {
                    let lines = switchCase.patterns.isEmpty ? ["default:"] : caseLines(switchCase.patterns, column: out.column)
                    for line in lines {
                        out.line(line)
                        out.indented { out in self.statements(switchCase.body, into: &out) }
                    }
                }
                out.line("}")
            case .closure(let prefix, let parameters, let body):
                out.line("\(prefix) { \(parameters) in")
                out.indented { out in self.statements(body, into: &out) }
                out.line("}")
            case .expression(let expression):
                out.line(layout(expression, column: out.column))
            case .assignments(let targets, let values):
                let tuple = "(\(targets.joined(separator: ", "))) = (\(values.joined(separator: ", ")))"
                if targets.count > 1, out.column + tuple.count <= lineWidth {
                    out.line(tuple)
                } else {
                    for (target, value) in zip(targets, values) { out.line("\(target) = \(value)") }
                }
            }
        }
    }

    /// `case a, b:` lines holding as many of `patterns` as fit, in order.
    private static func caseLines(_ patterns: [String], column: Int) -> [String] {
        var lines: [[String]] = []
        for pattern in patterns {
            if let last = lines.last, column + "case \((last + [pattern]).joined(separator: ", ")):".count <= lineWidth {
                lines[lines.count - 1].append(pattern)
            } else {
                lines.append([pattern])
            }
        }
        return lines.map { "case \($0.joined(separator: ", ")):" }
    }

    /// `prefix(a, b)suffix` when it fits and no argument spans lines; otherwise one argument a line.
    private static func writeCall(prefix: String, arguments: [String], suffix: String, into out: inout Writer) {
        out.line(layout(.call(prefix: prefix, arguments: arguments.map(Expression.code), suffix: suffix), column: out.column))
    }

    /// `expression` starting at `column`: on one line when it fits in ``lineWidth`` and holds no
    /// line break; otherwise broken one element a line, each element laid out the same way.
    /// Lines after the first are indented from the first.
    static func layout(_ expression: Expression, column: Int) -> String {
        let flat = flat(expression)
        if column + flat.count <= lineWidth, !flat.contains("\n") { return flat }
        switch expression {
        case .code(let code):
            return code
        case .call(let prefix, let arguments, let suffix):
            guard !arguments.isEmpty else { return flat }
            let lines = arguments.map { indent(layout($0, column: column + 4)) }
            return "\(prefix)(\n" + lines.joined(separator: ",\n") + "\n)\(suffix)"
        case .dictionary(let prefix, let entries, let suffix):
            guard entries.count > 1 else { return flat }
            let lines = entries.map { indent("\($0.key): " + layout($0.value, column: column + 4 + $0.key.count + 2)) }
            return "\(prefix)[\n" + lines.joined(separator: ",\n") + ",\n]\(suffix)"
        case .array(let prefix, let elements, let suffix):
            guard !elements.isEmpty else { return flat }
            let lines = elements.map { indent(layout($0, column: column + 4)) }
            return "\(prefix)[\n" + lines.joined(separator: ",\n") + ",\n]\(suffix)"
        }
    }

    /// `expression` on one line (but for line breaks in code written as it is).
    private static func flat(_ expression: Expression) -> String {
        switch expression {
        case .code(let code):
            code
        case .call(let prefix, let arguments, let suffix):
            "\(prefix)(\(arguments.map(flat).joined(separator: ", ")))\(suffix)"
        case .dictionary(let prefix, let entries, let suffix):
            "\(prefix)[\(entries.isEmpty ? ":" : entries.map { "\($0.key): \(flat($0.value))" }.joined(separator: ", "))]\(suffix)"
        case .array(let prefix, let elements, let suffix):
            "\(prefix)[\(elements.map(flat).joined(separator: ", "))]\(suffix)"
        }
    }

    /// Every line of `text` four spaces further in.
    private static func indent(_ text: String) -> String {
        text.split(separator: "\n", omittingEmptySubsequences: false).map { $0.isEmpty ? "" : "    " + $0 }.joined(separator: "\n")
    }

    private static func docs(_ lines: [String], attributes: [String], into out: inout Writer) {
        for line in lines.flatMap(SwiftName.commentLines) { out.line(line.isEmpty ? "///" : "/// \(line)") }
        for attribute in attributes { out.line(attribute) }
    }

    /// `text` with each doc comment line that passes ``maximumColumns`` wrapped at a space, each
    /// part behind the same indentation and `///`; code (in a fence or indented) and a word longer
    /// than the line (a URL) are kept whole.
    static func wrappingDocComments(_ text: String) -> String {
        // Line breaks, spaces, `///` and fences are ASCII: the text is looked at as bytes, and a
        // line's characters are counted only when its bytes pass the limit.
        var fenced = false
        var result = ""
        result.reserveCapacity(text.utf8.count)
        func append(_ line: Substring) {
            let bytes = line.utf8
            let indentation = bytes.prefix { $0 == UInt8(ascii: " ") }.count
            guard bytes.dropFirst(indentation).starts(with: "///".utf8) else {
                fenced = false
                result += line
                return
            }
            var content = bytes.dropFirst(indentation + 3)
            if content.first == UInt8(ascii: " ") { content = content.dropFirst() }
            let isFence = content.drop { $0 == UInt8(ascii: " ") }.starts(with: "```".utf8)
            let keep = fenced || isFence || content.starts(with: "    ".utf8)
                || bytes.count <= maximumColumns || line.count <= maximumColumns
            if isFence { fenced.toggle() }
            guard !keep else {
                result += line
                return
            }
            let width = max(40, maximumColumns - indentation - 4)
            let prefix = String(repeating: " ", count: indentation) + "/// "
            result += wrapped(String(Substring(content)), width: width).map { prefix + $0 }.joined(separator: "\n")
        }
        let bytes = text.utf8
        var start = bytes.startIndex
        while let end = bytes[start...].firstIndex(of: UInt8(ascii: "\n")) {
            append(text[start..<end])
            result += "\n"
            start = bytes.index(after: end)
        }
        append(text[start...])
        return result
    }

    /// The widest a doc comment line is written.
    static let maximumColumns = 110

    /// `line` broken at spaces into lines of at most `width` characters where a word allows; a
    /// list item's lines after the first line up under its text.
    static func wrapped(_ line: String, width: Int) -> [String] {
        guard line.count > width else { return [line] }
        let indent = String(line.prefix { $0 == " " })
        let marker = line.dropFirst(indent.count).prefix { $0 != " " }
        let hanging = ["-", "*", "+"].contains(marker) || marker.hasSuffix(".") && marker.dropLast().allSatisfy(\.isNumber) && !marker.dropLast().isEmpty
        let continuation = indent + (hanging ? String(repeating: " ", count: marker.count + 1) : "")
        // The characters of the line being made are counted as words join it, not again for each word.
        var lines: [String] = []
        var current = indent
        var count = indent.count
        for word in line.dropFirst(indent.count).split(separator: " ", omittingEmptySubsequences: true) {
            let start = lines.isEmpty ? indent.count : continuation.count
            let length = word.count
            if count > start, count + 1 + length > width {
                lines.append(current)
                current = continuation + word
                count = continuation.count + length
            } else {
                if count > start {
                    current += " "
                    count += 1
                }
                current += word
                count += length
            }
        }
        lines.append(current)
        return lines
    }

    private static func prefix(_ access: String?) -> String {
        access.map { "\($0) " } ?? ""
    }
}

/// Accumulates lines at the current indentation.
private struct Writer {
    private(set) var text = ""
    private var indentation = ""

    /// The indentation a new line starts at.
    var column: Int { indentation.count }

    /// Writes `line`, indenting each of its own lines (a multi-line string literal keeps its shape).
    mutating func line(_ line: String) {
        for part in line.split(separator: "\n", omittingEmptySubsequences: false) {
            text += part.isEmpty ? "\n" : indentation + part + "\n"
        }
    }

    mutating func blank() {
        if !text.isEmpty, !text.hasSuffix("\n\n"), !text.hasSuffix("{\n") { text += "\n" }
    }

    mutating func indented(_ body: (inout Writer) -> Void) {
        let saved = indentation
        indentation += "    "
        body(&self)
        indentation = saved
    }
}
