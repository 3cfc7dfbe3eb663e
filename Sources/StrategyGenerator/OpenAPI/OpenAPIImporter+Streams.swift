import Foundation

/// Streams: a success response of `text/event-stream`, JSON Lines or JSON Sequence is a stream of
/// the elements its schema gives, handed to the caller as they arrive.
///
/// An operation that answers only a stream is a streaming strategy. One that answers JSON or a
/// stream, by two media types or by a `stream` flag of its body, is two: the plain strategy
/// keeps the JSON, and `…Stream` beside it gives the stream.
extension OpenAPIImporter {
    /// The strategies an operation becomes: itself, as a streaming strategy when it only streams,
    /// and the streaming one beside it when it may answer JSON or a stream.
    mutating func streamShapes(of strategy: StrategySpec, _ operation: YAMLNode, pointer: JSONPointer) -> [StrategySpec] {
        if let (found, example) = responseStream(operation, owner: strategy.name.value, pointer: pointer) {
            var stream = found
            // A body that may ask for the stream asks for it.
            stream.flag = streamFlag(of: strategy)?.name
            guard let returns = strategy.returns, !isRawData(returns) else {
                return [withExample(streaming(strategy, stream, keepsTextExample: true), example)]
            }
            return [strategy, withExample(streamingVariant(of: strategy, stream), example)]
        }
        if let stream = flaggedStream(of: strategy) {
            return [strategy, streamingVariant(of: strategy, stream)]
        }
        return [strategy]
    }

    private func isRawData(_ returns: ReturnSpec) -> Bool {
        if case .type(.builtIn(.data), _) = returns { true } else { false }
    }

    /// The stream the first success response with a stream's media type gives: its elements of
    /// the media type's `itemSchema` (OpenAPI 3.2) or `schema`; server-sent events whose data has
    /// no JSON schema are handed out as they come.
    ///
    /// With it, the example the media type gives, which a stubbed client plays back: events as
    /// the server writes them, a list of elements, or one element.
    private mutating func responseStream(_ operation: YAMLNode, owner: String, pointer: JSONPointer) -> (StreamSpec, (YAMLValue, SourceLocation)?)? {
        let successes = (operation["responses"]?.members ?? []).filter { $0.key.hasPrefix("2") && !["204", "205"].contains($0.key) }.sorted { $0.key < $1.key }
        for (code, response) in successes {
            let at = pointer.appending("responses").appending(code)
            guard let resolved = resolve(response, pointer: at) else { continue }
            for (media, body) in resolved["content"]?.members ?? [] {
                guard let format = StreamSpec.Format(mediaType: Self.mediaType(media)) else { continue }
                let key = body["itemSchema"] != nil ? "itemSchema" : "schema"
                let schemaPointer = at.appending("content").appending(media).appending(key)
                var element = body[key].flatMap { schema -> TypeReference? in
                    // Data the document says is text is each event as it comes.
                    if format == .serverSentEvents, let node = lookUp(schema).node, schemaType(node) == "string" { return nil }
                    return type(of: schema, hint: owner + "Element", pointer: schemaPointer)
                }
                if let found = element, found.isOptional || found == .builtIn(.file) || format == .serverSentEvents && found == .builtIn(.json) {
                    element = nil
                }
                if format != .serverSentEvents, element == nil { element = .builtIn(.json) }
                let location = body[key]?.location ?? body.location
                let given = body[key].flatMap { self.example(of: body, schema: $0) } ?? body["example"].map { ($0.value, $0.location) }
                return (StreamSpec(format: format, location: location, element: element, elementLocation: location), given)
            }
        }
        return nil
    }

    /// The stream an OpenAI-style operation gives when its JSON body's `stream` is `true`: its
    /// description speaks of server-sent events, the response is a model, and the elements are
    /// the document's schema named for the response's stream (`CreateChatCompletionStreamResponse`
    /// for `CreateChatCompletionResponse`, or `…Chunk`), else the response's own type.
    private func flaggedStream(of strategy: StrategySpec) -> StreamSpec? {
        // The response's type: a model, or a built-in type that a component schema stands for.
        guard case .type(let output, let location)? = strategy.returns, output.name != nil, strategy.unwrap == nil,
              let flag = streamFlag(of: strategy), let doc = flag.doc?.lowercased(),
              doc.contains("server-sent event") || doc.contains("event-stream") || doc.contains("event stream") else { return nil }
        guard let key = componentTypes.first(where: { $0.value == output })?.key else { return nil }
        let stem = key.hasSuffix("Response") ? String(key.dropLast("Response".count)) : key
        let candidates = [stem + "StreamResponse", stem + "StreamChunk", stem + "Chunk", key + "Chunk"]
        let element = candidates.lazy.compactMap { self.componentTypes[$0] }.first ?? output
        return StreamSpec(format: .serverSentEvents, location: location, element: element, elementLocation: location, flag: flag.name)
    }

    /// The `Bool` field `stream` of the model a strategy sends as its JSON body, if it has one.
    private func streamFlag(of strategy: StrategySpec) -> FieldSpec? {
        guard case .json(.named(let body), _)? = strategy.body else { return nil }
        return models.first { $0.name.value == body }?.fields.first { $0.name.value == "stream" && $0.type.unwrappingOptional == .builtIn(.bool) }
    }

    /// `strategy` with the example its stream's media type gives, if any.
    private func withExample(_ strategy: StrategySpec, _ example: (YAMLValue, SourceLocation)?) -> StrategySpec {
        guard let (value, location) = example else { return strategy }
        var strategy = strategy
        strategy.example = value
        strategy.exampleLocation = location
        return strategy
    }

    /// `strategy` as a streaming strategy: what it returns is the stream's elements.
    private func streaming(_ strategy: StrategySpec, _ stream: StreamSpec, keepsTextExample: Bool) -> StrategySpec {
        var streaming = strategy
        streaming.stream = stream
        streaming.returns = nil
        streaming.unwrap = nil
        streaming.pagination = nil
        streaming.responseHeaders = []
        streaming.signsIn = nil
        // Events the document writes out answer in a stubbed client as they are.
        if !keepsTextExample || !(streaming.example.map { if case .string = $0 { true } else { false } } ?? false) {
            streaming.example = nil
            streaming.exampleLocation = nil
        }
        return streaming
    }

    /// The streaming strategy beside one that returns JSON: `CreateChatCompletionStream` beside
    /// `CreateChatCompletion`.
    private mutating func streamingVariant(of strategy: StrategySpec, _ stream: StreamSpec) -> StrategySpec {
        var variant = streaming(strategy, stream, keepsTextExample: false)
        // A name another operation of the document has stays that operation's.
        let taken = Set(operationNames.values)
        let base = taken.contains(strategy.name.value + "Stream") ? strategy.name.value + "Streamed" : strategy.name.value + "Stream"
        variant.name = Named(uniqueTypeName(base, clashSuffix: "Operation"), at: strategy.name.location)
        let framing = switch stream.format {
        case .serverSentEvents: "server-sent events"
        case .jsonLines: "JSON Lines"
        case .jsonSequence: "a JSON Sequence"
        }
        let each = stream.element.map { ", each a `\($0)`" } ?? ""
        let asks = stream.flag.map { " (it sends `\($0.value): true`)" } ?? ""
        let note = "``\(strategy.name.value)`` with its answer streamed\(asks): \(framing)\(each), handed out as they arrive."
        variant.doc = strategy.doc.map { $0 + "\n\n" + note } ?? note
        return variant
    }
}
