/// Creates a model response for the given chat conversation.
///
/// ``CreateChatCompletion`` with its answer streamed (it sends `stream: true`): server-sent events, each a
/// `CreateChatCompletionStreamResponse`, handed out as they arrive.
///
/// `POST /chat/completions`
public struct CreateChatCompletionStream: StreamingStrategy {
    public typealias Output = Data
    public typealias Input = CreateChatCompletionRequest

    public init() {}

    public var streamFormat: StreamFormat<CreateChatCompletionStreamResponse> {
        .serverSentEvents(of: CreateChatCompletionStreamResponse.self)
    }

    public func endpoint(for input: Input) throws -> Endpoint {
        Endpoint(.post, "/chat/completions", body: try .json(input, setting: "stream", to: true))
    }
}
