extension CodeContext {
    /// `var streamFormat: StreamFormat<ChatChunk> { .serverSentEvents(of: ChatChunk.self) }`: the
    /// line that makes a strategy a `StreamingStrategy`.
    func streamMembers(_ strategy: ResolvedStrategy) -> [Declaration] {
        guard let stream = strategy.stream else { return [] }
        let element = stream.element.map(swiftType) ?? "ServerSentEvent"
        if stream.format == .serverSentEvents, let union = eventUnion(stream) {
            return [.property(Property(access: access, name: "streamFormat", type: "StreamFormat<\(element)>", getter: [namedEvents(union, element)]))]
        }
        let format = switch (stream.format, stream.element) {
        case (.serverSentEvents, nil): ".serverSentEvents()"
        case (.serverSentEvents, _): ".serverSentEvents(of: \(element).self)"
        case (.jsonLines, _): ".jsonLines(of: \(element).self)"
        case (.jsonSequence, _): ".jsonSequence(of: \(element).self)"
        }
        return [.property(Property(access: access, name: "streamFormat", type: "StreamFormat<\(element)>", getter: [.line(format)]))]
    }

    /// The union of server-sent events told apart by their names: the `of` union with the
    /// `events` the spec names, or else its discriminator's values; `nil` for any other stream.
    private func eventUnion(_ stream: StreamSpec) -> [(name: String, variant: UnionVariant)]? {
        guard case .named(let name)? = stream.element, types.contains(name),
              let union = types[name].union else { return nil }
        if !stream.events.isEmpty {
            return stream.events.compactMap { event in
                union.variants.first { $0.type == event.type }.map { (event.name.value, $0) }
            }
        }
        guard union.discriminator != nil else { return nil }
        let named = union.variants.compactMap { variant in variant.value.map { ($0.value, variant) } }
        return named.isEmpty ? nil : named
    }

    /// `.serverSentEvents { event, decoder in switch event.event { … } }`: an event's name picks
    /// the variant its data is decoded as; an event without a name, or with one the spec
    /// doesn't list, is decoded as the union decodes any value (a discriminated union keeps a
    /// kind it doesn't know as `unknown`).
    private func namedEvents(_ events: [(name: String, variant: UnionVariant)], _ element: String) -> Statement {
        var cases = events.map { name, variant in
            SwitchCase(
                pattern: SwiftName.stringLiteral(name),
                body: [.line(".\(SwiftName.escaped(variant.caseName))(try event.decode(\(swiftType(variant.type)).self, using: decoder))")]
            )
        }
        cases.append(SwitchCase(pattern: nil, body: [.line("try event.decode(\(element).self, using: decoder)")]))
        return .closure(prefix: ".serverSentEvents", parameters: "event, decoder", body: [.switchOver("event.event", cases)])
    }

    /// The body of a strategy whose stream the body asks for: `try .json(input, setting: "stream",
    /// to: true)`; `nil` for any other.
    func flaggedBody(_ strategy: ResolvedStrategy, _ value: String) -> String? {
        guard let flag = strategy.stream?.flag else { return nil }
        return "try .json(\(value), setting: \(SwiftName.stringLiteral(flag.value)), to: true)"
    }
}

extension CodeContext {
    /// How the client's method sends a strategy: `try await client.call(GetUser(), ` and its
    /// output, or for a streaming one `client.stream(StreamChat(), ` and the elements as they
    /// come, neither awaited nor thrown until the caller reads them.
    struct Sending {
        let opening: String
        let isAsync: Bool
        let returnType: String?
    }

    func sending(_ strategy: ResolvedStrategy) -> Sending {
        let name = SwiftName.escaped(strategy.name.value)
        guard strategy.stream != nil else {
            return Sending(opening: "try await client.call(\(name)(), ", isAsync: true, returnType: outputType(strategy))
        }
        return Sending(opening: "client.stream(\(name)(), ", isAsync: false, returnType: "StrategyClient.EventStream<\(name)>")
    }

    /// What the doc comment of a streaming strategy's method adds.
    func streamDocs(_ strategy: ResolvedStrategy) -> [String] {
        guard strategy.stream != nil else { return [] }
        return ["", "The elements come as the server sends them; leaving the loop or cancelling the task closes the connection."]
    }
}
