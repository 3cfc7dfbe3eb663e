/// ``ChatCompletions`` with its answer streamed (it sends `stream: true`): server-sent events, each a
/// `ChatCompletionChunk`, handed out as they arrive.
///
/// `POST /v1/chat/completions`
public struct ChatCompletionsStream: StreamingStrategy {
    public typealias Output = Data
    public typealias Input = ChatRequest

    public init() {}

    public var streamFormat: StreamFormat<ChatCompletionChunk> {
        .serverSentEvents(of: ChatCompletionChunk.self)
    }

    public func endpoint(for input: Input) throws -> Endpoint {
        Endpoint(.post, "/v1/chat/completions", body: try .json(input, setting: "stream", to: true))
    }
}
