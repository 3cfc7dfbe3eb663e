/// `POST /quotes`
public struct StreamQuotes: StreamingStrategy {
    public typealias Output = Data
    public typealias Input = QuoteRequest

    public init() {}

    public var streamFormat: StreamFormat<Quote> { .jsonSequence(of: Quote.self) }

    public func endpoint(for input: Input) throws -> Endpoint {
        Endpoint(.post, "/quotes", body: try .json(input, setting: "stream", to: true))
    }
}
