/// `GET /builds/{id}/events`
public struct Watch: StreamingStrategy {
    public typealias Output = Data

    public struct Input: Sendable {
        public var id: Int

        public init(id: Int) {
            self.id = id
        }
    }

    public init() {}

    public var streamFormat: StreamFormat<BuildEvent> {
        .serverSentEvents { event, decoder in
            switch event.event {
            case "log":
                .logLine(try event.decode(LogLine.self, using: decoder))
            case "progress":
                .progress(try event.decode(Progress.self, using: decoder))
            case "finished":
                .buildResult(try event.decode(BuildResult.self, using: decoder))
            default:
                try event.decode(BuildEvent.self, using: decoder)
            }
        }
    }

    public func endpoint(for input: Input) -> Endpoint {
        Endpoint(.get, "/builds/\(input.id)/events")
    }
}
