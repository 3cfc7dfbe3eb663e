/// A strategy whose successful response is a stream of elements, each handed to the caller as it
/// arrives: `stream: { format: serverSentEvents, of: ChatChunk }`.
public struct StreamSpec: Hashable, Sendable {
    /// How the body's bytes are cut into elements.
    public enum Format: String, CaseIterable, Hashable, Sendable {
        /// `text/event-stream`: each event's data is an element; `[DONE]` ends the stream.
        case serverSentEvents
        /// `application/jsonl`, `application/x-ndjson`: a JSON value per line.
        case jsonLines
        /// `application/json-seq` (RFC 7464): JSON texts each after a record separator.
        case jsonSequence
    }

    public var format: Format
    /// Where `format` is written.
    public var location: SourceLocation
    /// The type each element is decoded as; `nil` for server-sent events as they come, undecoded.
    public var element: TypeReference?
    /// Where `of` is written.
    public var elementLocation: SourceLocation
    /// A `Bool` field of the JSON body the strategy sets to `true`, when the API streams only when
    /// the request asks it to (`"stream": true`).
    public var flag: Named? = nil
    /// Server-sent events' names and the variant of the `of` union each one's data is decoded
    /// as (`events: { delta: TextDelta }`), for an API whose event data doesn't say its kind;
    /// empty when the union's discriminator values name the events.
    public var events: [Event] = []

    /// A server-sent event's name and the variant of the element union it carries.
    public struct Event: Hashable, Sendable {
        public var name: Named
        public var type: TypeReference
        public var typeLocation: SourceLocation

        public init(name: Named, type: TypeReference, typeLocation: SourceLocation) {
            self.name = name
            self.type = type
            self.typeLocation = typeLocation
        }
    }

    public init(format: Format, location: SourceLocation, element: TypeReference?, elementLocation: SourceLocation, flag: Named? = nil, events: [Event] = []) {
        self.format = format
        self.location = location
        self.element = element
        self.elementLocation = elementLocation
        self.flag = flag
        self.events = events
    }
}

extension StreamSpec.Format {
    /// The format of a response media type, if it is a stream's: `text/event-stream`,
    /// `application/jsonl` or `application/x-ndjson`, `application/json-seq`.
    public init?(mediaType: String) {
        switch mediaType {
        case "text/event-stream": self = .serverSentEvents
        case "application/jsonl", "application/x-ndjson", "application/x-jsonlines", "application/jsonlines": self = .jsonLines
        case "application/json-seq": self = .jsonSequence
        default: return nil
        }
    }
}
