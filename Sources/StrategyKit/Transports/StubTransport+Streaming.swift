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

extension StubTransport {
    /// How a stub stream's text is cut into the records it plays back one by one.
    public enum Framing: Sendable {
        /// `text/event-stream`: an event ends at an empty line.
        case serverSentEvents
        /// `application/jsonl`: a record a line.
        case jsonLines
        /// `application/json-seq`: a record after each record separator.
        case jsonSequence

        var contentType: String {
            switch self {
            case .serverSentEvents: "text/event-stream"
            case .jsonLines: "application/jsonl"
            case .jsonSequence: "application/json-seq"
            }
        }

        /// `text`'s records, each with what ends it.
        func records(_ text: String) -> [String] {
            var records: [String] = []
            var record = ""
            switch self {
            case .serverSentEvents:
                for line in text.split(separator: "\n", omittingEmptySubsequences: false) {
                    if line.isEmpty || line == "\r" {
                        if !record.isEmpty { records.append(record + "\n") }
                        record = ""
                    } else {
                        record += line + "\n"
                    }
                }
                if !record.isEmpty { records.append(record + "\n") }
            case .jsonLines:
                records = text.split(separator: "\n").map { $0 + "\n" }
            case .jsonSequence:
                records = text.split(separator: "\u{1E}").filter { !$0.allSatisfy(\.isWhitespace) }.map { "\u{1E}" + $0 }
            }
            return records
        }
    }
}

extension StubTransport.Route {
    /// A route that answers `method` requests to `path` that accept the stream's media type
    /// with `text`, played back a record at a time: the first as the head comes (after
    /// `delay`, if given), each next one `interval` later. For a preview or test of a streaming
    /// screen, from the events a document writes out:
    ///
    /// ```swift
    /// .init(.post, "/chat", streaming: .serverSentEvents, text: "data: {\"delta\":\"Hel\"}\n\ndata: {\"delta\":\"lo\"}\n\n", every: .milliseconds(80))
    /// ```
    ///
    /// Only a request whose `Accept` header names the stream's media type matches, so a route
    /// of the same operation's JSON answer may follow it.
    public init(
        _ method: HTTPRequest.Method,
        _ path: String,
        streaming framing: StubTransport.Framing,
        text: String,
        every interval: Duration,
        delay: Duration? = nil
    ) {
        let chunks = framing.records(text).enumerated().map { index, record in
            StubTransport.Chunk(after: index == 0 ? .zero : interval, record)
        }
        self.init(method, path, response: HTTPResponse(status: .ok, headerFields: [.contentType: framing.contentType]), chunks: chunks, delay: delay)
        accepting = framing.contentType
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
