/// Writes the code model as Swift text: four-space indentation, one blank line between
/// declarations (none between consecutive one-line properties or cases), a final newline.
public enum SwiftRenderer {
    public static func render(_ file: SwiftFile) -> String {
        var out = Writer()
        for line in file.header { out.line("// \(line)") }
        if !file.header.isEmpty { out.blank() }
        for module in file.imports { out.line("import \(module)") }
        for declaration in file.declarations {
            out.blank()
            render(declaration, into: &out)
        }
        return out.text
    }

    private static func render(_ declaration: Declaration, into out: inout Writer) {
        switch declaration {
        case .type(let type):
            docs(type.docs, into: &out)
            let inherits = type.inherits.isEmpty ? "" : ": " + type.inherits.joined(separator: ", ")
            out.line("\(prefix(type.access))\(type.kind.rawValue) \(type.name)\(inherits) {")
            out.indented { out in members(type.members, into: &out) }
            out.line("}")
        case .property(let property):
            docs(property.docs, into: &out)
            let keyword = (property.isStatic ? "static " : "") + (property.isLet ? "let" : "var")
            var text = "\(prefix(property.access))\(keyword) \(property.name)"
            if let type = property.type { text += ": \(type)" }
            if let value = property.value { text += " = \(value)" }
            if let getter = property.getter {
                out.line(text + " {")
                out.indented { out in statements(getter, into: &out) }
                out.line("}")
            } else {
                out.line(text)
            }
        case .function(let function):
            docs(function.docs, into: &out)
            let parameters = function.parameters.map { parameter in
                let label = parameter.label.map { $0 == parameter.name ? $0 : "\($0) \(parameter.name)" } ?? parameter.name
                return "\(label): \(parameter.type)" + (parameter.defaultValue.map { " = \($0)" } ?? "")
            }
            var signature = function.name == "init" ? "init" : "func \(function.name)"
            signature += "(\(parameters.joined(separator: ", ")))"
            if function.isAsync { signature += " async" }
            if function.isThrowing { signature += " throws" }
            if let returnType = function.returnType { signature += " -> \(returnType)" }
            if function.body.isEmpty {
                out.line("\(prefix(function.access))\(signature) {}")
            } else {
                out.line("\(prefix(function.access))\(signature) {")
                out.indented { out in statements(function.body, into: &out) }
                out.line("}")
            }
        case .typeAlias(let docs, let access, let name, let type):
            self.docs(docs, into: &out)
            out.line("\(prefix(access))typealias \(name) = \(type)")
        case .enumCase(let docs, let name, let rawValue):
            self.docs(docs, into: &out)
            out.line("case \(name)" + (rawValue.map { " = \($0)" } ?? ""))
        }
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
        case .property(let property): property.getter == nil
        case .enumCase, .typeAlias: true
        case .type, .function: false
        }
    }

    private static func sameKind(_ a: Declaration, _ b: Declaration) -> Bool {
        switch (a, b) {
        case (.property, .property), (.enumCase, .enumCase), (.typeAlias, .typeAlias): true
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
                    out.line(switchCase.pattern.map { "case \($0):" } ?? "default:")
                    out.indented { out in self.statements(switchCase.body, into: &out) }
                }
                out.line("}")
            }
        }
    }

    private static func docs(_ lines: [String], into out: inout Writer) {
        for line in lines { out.line(line.isEmpty ? "///" : "/// \(line)") }
    }

    private static func prefix(_ access: String?) -> String {
        access.map { "\($0) " } ?? ""
    }
}

/// Accumulates lines at the current indentation.
private struct Writer {
    private(set) var text = ""
    private var indentation = ""

    mutating func line(_ line: String) {
        text += line.isEmpty ? "\n" : indentation + line + "\n"
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
