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
enum YAMLDocument {
    /// The document's root node, or the diagnostic that says why the text isn't YAML.
    static func parse(_ text: String, file: String) -> Result<YAMLNode?, DiagnosticsError> {
        do {
            guard let root = try Yams.compose(yaml: text) else { return .success(nil) }
            return .success(try convert(root, file: file))
        } catch let error as YamlError {
            return .failure(DiagnosticsError([diagnostic(for: error, file: file)]))
        } catch let error as DiagnosticsError {
            return .failure(error)
        } catch {
            return .failure(DiagnosticsError([.error("invalid YAML: \(error)", at: nil)]))
        }
    }

    private static func convert(_ node: Node, file: String) throws -> YAMLNode {
        let location = SourceLocation(file: file, line: node.mark?.line ?? 1, column: node.mark?.column ?? 1)
        switch node {
        case .scalar(let scalar):
            return YAMLNode(kind: .scalar(scalar.string, quoted: scalar.style != .plain), location: location)
        case .mapping(let mapping):
            let pairs = try mapping.map { (key: try convert($0.key, file: file), value: try convert($0.value, file: file)) }
            return YAMLNode(kind: .mapping(pairs), location: location)
        case .sequence(let sequence):
            return YAMLNode(kind: .sequence(try sequence.map { try convert($0, file: file) }), location: location)
        case .alias:
            throw DiagnosticsError([.error("YAML aliases are not supported in specs; write the value out", at: location)])
        }
    }

    private static func diagnostic(for error: YamlError, file: String) -> Diagnostic {
        func located(_ problem: String, _ context: YamlError.Context?, _ mark: Mark) -> Diagnostic {
            var message = "invalid YAML: \(problem)"
            if let context {
                message += " (\(context.text) at line \(context.mark.line), column \(context.mark.column))"
            }
            return .error(message, at: SourceLocation(file: file, line: mark.line, column: mark.column))
        }
        switch error {
        case .scanner(let context, let problem, let mark, _),
             .parser(let context, let problem, let mark, _),
             .composer(let context, let problem, let mark, _):
            return located(problem, context, mark)
        case .duplicatedKeysInMapping(let duplicates, let context):
            let keys = duplicates.map { "'\($0)'" }.joined(separator: ", ")
            let location = SourceLocation(file: file, line: context.mark.line, column: context.mark.column)
            return .error("duplicate key \(keys) in one mapping", at: location)
        case .reader(let problem, _, _, _):
            return .error("invalid YAML: \(problem)", at: SourceLocation(file: file, line: 1, column: 1))
        default:
            return .error("invalid YAML: \(error)", at: SourceLocation(file: file, line: 1, column: 1))
        }
    }
}
