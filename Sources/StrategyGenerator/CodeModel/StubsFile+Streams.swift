/// A streaming strategy's example, played back by a stubbed client a record at a time: a list
/// is the elements (a mapping, one element), written as the stream's format frames them; a text
/// is the body as the server writes it.
extension CodeContext {
    /// The body a stubbed client streams for `example`: `data: {…}` and an empty line per
    /// server-sent event (with `event:` naming a discriminated union's kind), a line per JSON
    /// Lines value, a record separator before each JSON Sequence text.
    func streamText(_ strategy: ResolvedStrategy, _ example: YAMLValue) -> String {
        guard let stream = strategy.stream else { return "" }
        let elements: [YAMLValue]
        switch example {
        case .string(let text): return text
        case .array(let items): elements = items
        default: elements = [example]
        }
        let discriminator = eventDiscriminator(stream)
        return elements.map { element in
            let data = Self.compactJSON(element)
            switch stream.format {
            case .serverSentEvents:
                var name = ""
                if let discriminator, case .object(_, let values) = element, case .string(let kind)? = values[discriminator] {
                    name = "event: \(kind)\n"
                }
                return name + "data: \(data)\n\n"
            case .jsonLines: return data + "\n"
            case .jsonSequence: return "\u{1E}" + data + "\n"
            }
        }.joined().dropLast().description
    }

    /// `.post, "/chat", streaming: .serverSentEvents, text: ChatStubs.askStream`: the start of
    /// a streaming strategy's stub route.
    func streamRouteArguments(_ strategy: ResolvedStrategy, path: String) -> String {
        let framing = switch strategy.stream?.format {
        case .jsonLines?: "jsonLines"
        case .jsonSequence?: "jsonSequence"
        default: "serverSentEvents"
        }
        return ".\(strategy.method.lowercased()), \"\(path)\", streaming: .\(framing), text: \(stubsName).\(SwiftName.escaped(SwiftName.member(strategy.name.value)))"
    }

    /// The discriminator whose value names each server-sent event of a stream of a union.
    private func eventDiscriminator(_ stream: StreamSpec) -> String? {
        guard stream.format == .serverSentEvents, stream.events.isEmpty, case .named(let name)? = stream.element, types.contains(name) else { return nil }
        return types[name].union?.discriminator?.value
    }

    /// A value as JSON on one line, keys in the order the spec wrote them.
    static func compactJSON(_ value: YAMLValue) -> String {
        switch value {
        case .null: "null"
        case .bool(let flag): flag ? "true" : "false"
        case .int(let number): String(number)
        case .double(let number): number.isFinite ? String(number) : "null"
        case .string(let text): JSONText.string(text)
        case .array(let items): "[" + items.map(compactJSON).joined(separator: ",") + "]"
        case .object(let keys, let values): "{" + keys.map { JSONText.string($0) + ":" + compactJSON(values[$0] ?? .null) }.joined(separator: ",") + "}"
        }
    }
}
