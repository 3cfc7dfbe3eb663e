/// Generate tokens, streamed.
///
/// `POST /generate_stream`
public struct GenerateStream: StreamingStrategy {
    public typealias Output = Data
    public typealias Input = GenerateRequest

    public init() {}

    public var streamFormat: StreamFormat<StreamResponse> { .serverSentEvents(of: StreamResponse.self) }

    public func endpoint(for input: Input) throws -> Endpoint {
        Endpoint(.post, "/generate_stream", body: try .json(input))
    }
}
