/// `POST /responses`
public struct StreamResponse: StreamingStrategy {
    public typealias Output = Data
    public typealias Input = ResponseRequest

    public init() {}

    public var streamFormat: StreamFormat<ResponseEvent> {
        .serverSentEvents { event, decoder in
            switch event.event {
            case "response.created":
                .responseCreated(try event.decode(ResponseCreated.self, using: decoder))
            case "response.output_text.delta":
                .responseOutputTextDelta(try event.decode(TextDelta.self, using: decoder))
            case "response.completed":
                .responseCompleted(try event.decode(ResponseCompleted.self, using: decoder))
            default:
                try event.decode(ResponseEvent.self, using: decoder)
            }
        }
    }

    public func endpoint(for input: Input) throws -> Endpoint {
        Endpoint(.post, "/responses", body: try .json(input, setting: "stream", to: true))
    }
}
