/// `GET /transcripts/{id}`
public struct GetTranscript: Strategy {
    public typealias Output = GetTranscriptOutput
    public typealias Failure = SpeechError

    public struct Input: Sendable {
        public var id: String
        public var accept: GetTranscriptAccept?

        public init(id: String, accept: GetTranscriptAccept? = nil) {
            (self.id, self.accept) = (id, accept)
        }
    }

    public init() {}

    public func endpoint(for input: Input) -> Endpoint {
        Endpoint(.get, "/transcripts/\(input.id)", headers: ["Accept": input.accept])
    }
}
