extension CodeContext {
    /// `var streamFormat: StreamFormat<ChatChunk> { .serverSentEvents(of: ChatChunk.self) }`: the
    /// line that makes a strategy a `StreamingStrategy`.
    func streamMembers(_ strategy: ResolvedStrategy) -> [Declaration] {
        guard let stream = strategy.stream else { return [] }
        let element = stream.element.map(swiftType) ?? "ServerSentEvent"
        let format = switch (stream.format, stream.element) {
        case (.serverSentEvents, nil): ".serverSentEvents()"
        case (.serverSentEvents, _): ".serverSentEvents(of: \(element).self)"
        case (.jsonLines, _): ".jsonLines(of: \(element).self)"
        case (.jsonSequence, _): ".jsonSequence(of: \(element).self)"
        }
        return [.property(Property(access: access, name: "streamFormat", type: "StreamFormat<\(element)>", getter: [.line(format)]))]
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
