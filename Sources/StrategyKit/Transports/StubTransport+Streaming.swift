import Foundation

extension StubTransport {
    /// One piece of a streamed stub body, sent after a delay.
    public struct Chunk: Sendable {
        /// How long after the previous piece (or the head) it comes.
        public var delay: Duration
        /// Its bytes.
        public var data: Data

        /// `data`, sent `delay` after the previous piece.
        public init(after delay: Duration = .zero, _ data: Data) {
            self.delay = delay
            self.data = data
        }

        /// `text` in UTF-8, sent `delay` after the previous piece.
        public init(after delay: Duration = .zero, _ text: String) {
            self.init(after: delay, Data(text.utf8))
        }

        /// A server-sent event, sent `delay` after the previous piece.
        public static func event(_ event: ServerSentEvent, after delay: Duration = .zero) -> Chunk {
            Chunk(after: delay, event.text)
        }
    }

    /// Answers a streamed request from the first route that matches it: a route with
    /// ``Route/chunks`` plays them back, each after its delay, so a preview or test of a
    /// streaming screen runs offline; any other route answers its whole body at once.
    public func stream(
        _ request: HTTPRequest,
        body: ByteStream?,
        limits: StrategyClient.Limits,
        sent: (@Sendable (Int64) -> Void)?
    ) async throws -> (HTTPResponse, ByteStream) {
        try TransportError.checkCancellation()
        let data = try await body?.collect(upTo: .max)
        if let data { sent?(Int64(data.count)) }
        let route = try route(for: request, body: data)
        if let delay = route.delay { try await Task.sleep(for: delay) }
        let (response, whole) = try route.answer.get()
        guard let chunks = route.chunks else {
            guard whole.count <= limits.maximumResponseBytes else {
                throw TransportError(.responseTooLarge, detail: "more than \(limits.maximumResponseBytes) bytes")
            }
            return (response, ByteStream(whole))
        }
        return (response, ByteStream(Playback(chunks: chunks)).endable(limit: limits.maximumResponseBytes))
    }
}

extension StubTransport.Route {
    /// A route that answers `method` requests to `path` with `response`, then plays `chunks`
    /// back as its body, each after its delay.
    public init(_ method: HTTPRequest.Method, _ path: String, response: HTTPResponse, chunks: [StubTransport.Chunk], delay: Duration? = nil) {
        self.init(method, path, response: response, body: Data(chunks.flatMap(\.data)), delay: delay)
        self.chunks = chunks
    }

    /// A route that answers `method` requests to `path` with `text/event-stream` and plays
    /// `events` back, each after its delay.
    public static func serverSentEvents(_ method: HTTPRequest.Method, _ path: String, events: [(after: Duration, event: ServerSentEvent)]) -> Self {
        Self(
            method, path,
            response: HTTPResponse(status: .ok, headerFields: [.contentType: "text/event-stream"]),
            chunks: events.map { StubTransport.Chunk.event($0.event, after: $0.after) }
        )
    }
}

/// A stub body played back piece by piece.
private struct Playback: AsyncSequence, Sendable {
    typealias Element = Data
    let chunks: [StubTransport.Chunk]

    func makeAsyncIterator() -> Iterator {
        Iterator(chunks: chunks[...])
    }

    struct Iterator: AsyncIteratorProtocol {
        var chunks: ArraySlice<StubTransport.Chunk>

        mutating func next() async throws -> Data? {
            guard let chunk = chunks.popFirst() else { return nil }
            if chunk.delay > .zero { try await Task.sleep(for: chunk.delay) }
            return chunk.data
        }
    }
}
