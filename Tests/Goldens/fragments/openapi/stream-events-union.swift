/// ``CreateResponse`` with its answer streamed (it sends `stream: true`): server-sent events, each a
/// `ResponseStreamEvent`, handed out as they arrive.
///
/// `POST /responses`
public struct CreateResponseStream: StreamingStrategy {
    public typealias Output = Data
    public typealias Input = CreateResponseRequest

    public init() {}

    public var streamFormat: StreamFormat<ResponseStreamEvent> {
        .serverSentEvents { event, decoder in
            switch event.event {
            case "response.created":
                .responseCreated(try event.decode(ResponseCreatedEvent.self, using: decoder))
            case "response.output_text.delta":
                .responseOutputTextDelta(try event.decode(ResponseTextDeltaEvent.self, using: decoder))
            case "response.completed":
                .responseCompleted(try event.decode(ResponseCompletedEvent.self, using: decoder))
            default:
                try event.decode(ResponseStreamEvent.self, using: decoder)
            }
        }
    }

    public func endpoint(for input: Input) throws -> Endpoint {
        Endpoint(.post, "/responses", body: try .json(input, setting: "stream", to: true))
    }
}
