// Streams, files and progress: the design.
//
// One streamed exchange underlies them all: `Transport.stream(_:body:limits:sent:)` sends a
// request whose body is a `ByteStream` and hands back the response head as soon as it comes,
// with the body as a `ByteStream` the caller pulls. It is a requirement with a default that
// falls back on the buffered `send`, so every transport compiles and works; URLSession,
// AsyncHTTPClient and the stub transport stream natively. A response stream is a
// `ByteChannel`: the transport yields chunks into it, and stops reading the connection while
// more than 256 KiB wait unread (back pressure; URLSession on Linux can't pause a task
// without holding every session's queue, so there it keeps reading, within the size limit);
// whatever ends it early (the reader's
// cancellation, a dropped stream, a deadline, the size limit) stops the transport's request.
//
// The client sends a streamed exchange through the same middleware chain as a call, so retry,
// authentication and logging apply unchanged: a middleware sees the request (its body when it
// is in memory) and the response head. A successful response's body stays in the stream and
// the middleware sees an empty body; any other response's body is read whole (within the size
// limit) before the middleware sees it, so a 401 or a 503 is retried, renewed or logged as
// ever, and a retry happens before any byte reaches the caller. A retry or redirect resends a
// streamed request body only when it can be read again (bytes, a file).
//
// On top: `StrategyClient.stream(_:_:)` turns a `StreamingStrategy`'s body into typed
// elements by its `StreamFormat` (server-sent events, JSON Lines, JSON Sequence) as a lazy
// async sequence, as `pages(_:_:)` does for pages; `upload(_:_:body:progress:)` sends a body from
// a file or an async sequence; `download(_:_:to:progress:)` writes the response into a file.
// Deadlines: the first byte of the response must come within the first-byte deadline
// (`StreamLimits.firstByte`, counted again from each piece of an upload sent), and once the
// body flows, a silence longer than `StreamLimits.silence` ends it; both end with `timedOut`.

import Foundation

/// A strategy whose successful response is a stream of elements — server-sent events, JSON
/// Lines or a JSON Sequence — sent by ``StrategyClient/stream(_:_:limits:)``, which hands each
/// element out as it arrives.
///
/// ```swift
/// struct StreamChat: StreamingStrategy {
///     typealias Input = ChatRequest
///     typealias Output = Data
///     func endpoint(for input: ChatRequest) throws -> Endpoint {
///         Endpoint(.post, "/chat/completions", body: try .json(input))
///     }
///     var streamFormat: StreamFormat<ChatChunk> { .serverSentEvents(of: ChatChunk.self) }
/// }
///
/// for try await chunk in client.stream(StreamChat(), request) { print(chunk.text, terminator: "") }
/// ```
///
/// ``Strategy/Output`` is what ``StrategyClient/call(_:_:)`` gives for the same operation,
/// the whole body at once; `Data` is usual.
public protocol StreamingStrategy: Strategy {
    /// One element of the stream.
    associatedtype Element: Sendable

    /// How the body's bytes become elements.
    var streamFormat: StreamFormat<Element> { get }
}

/// How a streamed body becomes elements: its framing (server-sent events, JSON Lines, JSON
/// Sequence) and how each record is decoded.
public struct StreamFormat<Element: Sendable>: Sendable {
    /// What a record means for the stream.
    enum Step {
        case element(Element)
        case skip
        case end
        /// An error the API sent in the stream, with its body.
        case apiError(Data)
    }

    let framing: RecordFramer.Framing
    let decode: @Sendable (RecordFramer.Record, JSONDecoder) throws -> Step

    /// The media types the format reads, for the request's `Accept` header.
    var accept: String {
        switch framing {
        case .serverSentEvents: "text/event-stream"
        case .jsonLines: "application/jsonl, application/x-ndjson"
        case .jsonSequence: "application/json-seq"
        }
    }

    /// Server-sent events, each turned into an element by `decode`, which may return `nil` to
    /// skip one (e.g. a type it doesn't know) — for a union of event types chosen by their
    /// ``ServerSentEvent/event`` name:
    ///
    /// ```swift
    /// .serverSentEvents { event, decoder in
    ///     switch event.event {
    ///     case "delta": .delta(try event.decode(Delta.self, using: decoder))
    ///     case "done": .done(try event.decode(Done.self, using: decoder))
    ///     default: nil
    ///     }
    /// }
    /// ```
    ///
    /// - Parameters:
    ///   - terminator: data that ends the stream where it comes, such as the `[DONE]` some APIs
    ///     send; `nil` for none.
    ///   - errorEvent: the event type with which the API reports an error in the stream; such an
    ///     event ends it with the strategy's failure, made from the event's data as from a
    ///     response body. `nil` for none.
    ///   - decode: makes an element of an event, given the client's decoder; `nil` skips it.
    public static func serverSentEvents(
        terminator: String? = "[DONE]",
        errorEvent: String? = "error",
        _ decode: @escaping @Sendable (ServerSentEvent, JSONDecoder) throws -> Element?
    ) -> StreamFormat {
        StreamFormat(framing: .serverSentEvents) { record, decoder in
            guard case .event(let event) = record else { return .skip }
            if let terminator, event.data == terminator { return .end }
            if let errorEvent, event.event == errorEvent { return .apiError(Data(event.data.utf8)) }
            return try decode(event, decoder).map(Step.element) ?? .skip
        }
    }

    /// Server-sent events, each event's data decoded from JSON as `type`.
    ///
    /// - Parameters:
    ///   - type: the type each event's data is decoded as.
    ///   - terminator: data that ends the stream, such as `[DONE]`; `nil` for none.
    ///   - errorEvent: the event type with which the API reports an error; `nil` for none.
    public static func serverSentEvents(
        of type: Element.Type,
        terminator: String? = "[DONE]",
        errorEvent: String? = "error"
    ) -> StreamFormat where Element: Decodable {
        serverSentEvents(terminator: terminator, errorEvent: errorEvent) { event, decoder in
            try decoder.decode(Element.self, from: Data(event.data.utf8))
        }
    }

    /// Server-sent events as they come, undecoded.
    ///
    /// - Parameters:
    ///   - terminator: data that ends the stream, such as `[DONE]`; `nil` for none.
    ///   - errorEvent: the event type with which the API reports an error; `nil` for none.
    public static func serverSentEvents(terminator: String? = "[DONE]", errorEvent: String? = "error") -> StreamFormat
    where Element == ServerSentEvent {
        serverSentEvents(terminator: terminator, errorEvent: errorEvent) { event, _ in event }
    }

    /// JSON Lines (`application/jsonl`, `application/x-ndjson`): one JSON value per line, each
    /// decoded as `type`; empty lines are skipped.
    public static func jsonLines(of type: Element.Type) -> StreamFormat where Element: Decodable {
        StreamFormat(framing: .jsonLines) { record, decoder in
            guard case .value(let data) = record else { return .skip }
            return .element(try decoder.decode(Element.self, from: data))
        }
    }

    /// JSON Sequence (`application/json-seq`, RFC 7464): JSON texts each after a record
    /// separator, each decoded as `type`.
    public static func jsonSequence(of type: Element.Type) -> StreamFormat where Element: Decodable {
        StreamFormat(framing: .jsonSequence) { record, decoder in
            guard case .value(let data) = record else { return .skip }
            return .element(try decoder.decode(Element.self, from: data))
        }
    }
}

/// Why a stream ended early, and how many elements had reached the caller by then.
///
/// ```swift
/// do {
///     for try await chunk in client.stream(StreamChat(), request) { show(chunk) }
/// } catch {
///     let shown = error.received
///     switch error.reason {
///     case .transport(let failure) where failure.kind == .connectionLost: offerToContinue(after: shown)
///     default: show(error)
///     }
/// }
/// ```
public struct StreamError<APIFailure: APIError>: Error, CustomStringConvertible {
    /// What ended the stream: the API's error (the response's, or an error event's), no response
    /// or a broken connection, a deadline (``TransportError/Kind/timedOut``), a record that didn't
    /// decode (with its bytes), or a request that couldn't be made.
    public var reason: CallError<APIFailure>
    /// How many elements the caller had received.
    public var received: Int

    /// A stream that ended with `reason` after `received` elements.
    public init(_ reason: CallError<APIFailure>, received: Int) {
        self.reason = reason
        self.received = received
    }

    /// The reason and the count, e.g. `transport error: connectionLost after 3 elements`.
    public var description: String {
        "\(reason) after \(received) element\(received == 1 ? "" : "s")"
    }
}

/// The limits of a streamed exchange besides those of ``StrategyClient/Limits``.
public struct StreamLimits: Hashable, Sendable {
    /// Seconds to wait for the response's first byte, counted again from each piece of a
    /// request body sent; `nil`, the default, for the client's or endpoint's
    /// ``StrategyClient/Limits/timeout``.
    public var firstByte: TimeInterval?
    /// Seconds the body may stay silent (no byte at all; a server's keep-alive comment counts
    /// as a byte) before the stream ends with ``TransportError/Kind/timedOut``; `nil`, the
    /// default, for the ``StrategyClient/Limits/connectTimeout``.
    public var silence: TimeInterval?
    /// The most bytes of body; `nil`, the default, for the
    /// ``StrategyClient/Limits/maximumResponseBytes``.
    public var maximumBytes: Int?

    /// Limits; each parameter is described by the property of the same name.
    public init(firstByte: TimeInterval? = nil, silence: TimeInterval? = nil, maximumBytes: Int? = nil) {
        self.firstByte = firstByte
        self.silence = silence
        self.maximumBytes = maximumBytes
    }
}
