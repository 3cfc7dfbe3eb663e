/// `GET /transcripts`
public struct ListTranscripts: Strategy {
    public typealias Output = [String]
    public typealias Failure = SpeechError

    public init() {}

    public func endpoint(for input: Void) -> Endpoint {
        Endpoint(.get, "/transcripts", headers: ["Accept": "application/json, application/problem+json"])
    }
}
