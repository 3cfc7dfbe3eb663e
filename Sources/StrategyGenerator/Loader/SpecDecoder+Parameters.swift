extension SpecDecoder {
    /// The fields of a strategy's `query` or `headers`, and the constants among them: a value
    /// written `{ const: 1 }` is sent with every call and is no input.
    func parameters(_ node: YAMLNode?, _ what: String, expecting: String) -> (fields: [FieldSpec], constants: [ConstantParameter]) {
        guard let node, let entries = mapping(node, what, expecting: expecting) else { return ([], []) }
        var constants: [ConstantParameter] = []
        let inputs = entries.pairs.filter { pair in
            guard case .mapping(let pairs) = pair.value.kind, pairs.contains(where: { $0.key.scalar == "const" }),
                  let body = mapping(pair.value, what, expecting: "") else { return true }
            checkKeys(body, allowed: SpecKeys.constant, in: "'\(pair.key.scalar ?? "")' in \(what)")
            if let name = named(pair.key, "a name in \(what)"), let valueNode = body["const"],
               let value = constantText(valueNode, "the 'const' of '\(name)'") {
                constants.append(ConstantParameter(name: name, value: value))
            }
            return false
        }
        return (decodeFields(Mapping(node: entries.node, pairs: inputs), of: what), constants)
    }

    /// A constant's text as it goes on the wire: a string, number or Bool as written.
    private func constantText(_ node: YAMLNode, _ what: String) -> String? {
        switch node.value {
        case .string, .int, .double, .bool: return node.scalar
        default:
            diagnostics.error("\(what) must be a string, a number or a Bool", at: node.location)
            return nil
        }
    }

    /// `digits` (`1` and `0`) or `words` (`true` and `false`).
    func booleanFormat(_ node: YAMLNode, _ what: String) -> BooleanFormat? {
        guard let text = node.scalar, let format = BooleanFormat(rawValue: text) else {
            diagnostics.error("\(what) must be 'digits' (1 and 0) or 'words' (true and false); found '\(node.scalar ?? node.kindDescription)'", at: node.location)
            return nil
        }
        return format
    }
}
