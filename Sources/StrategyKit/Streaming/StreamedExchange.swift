import Foundation

extension StrategyClient {
    /// A streamed exchange's outcome after the middlewares: a successful head with its body
    /// still to come, or a response read whole.
    enum Opened: Sendable {
        case stream(HTTPResponse, ByteStream)
        case whole(HTTPResponse, Data)
    }

    /// The request `strategy` makes for `input`, sent as a stream through the middlewares the
    /// strategy lets run; `upload` replaces the endpoint's body.
    func open<S: Strategy>(
        _ strategy: S,
        _ input: S.Input,
        upload: StreamedBody? = nil,
        accept: String? = nil,
        limits streamLimits: StreamLimits,
        sent: (@Sendable (Int64) -> Void)? = nil,
        into sink: FileSink? = nil
    ) async throws -> (Opened, silence: TimeInterval, request: HTTPRequest) {
        var endpoint = try strategy.endpoint(for: input)
        callOptions?.apply(to: &endpoint, following: nil)
        let server = self.server(for: strategy)
        var (request, data) = try server.request(for: endpoint)
        var body = data.map(ByteStream.init)
        if let upload {
            try request.headerFields.setChecked("Content-Type", to: upload.contentType)
            request.headerFields[.contentLength] = upload.bytes.length.map(String.init)
            body = upload.bytes
            data = nil
        }
        if let accept, request.headerFields[.accept] == nil {
            request.headerFields[.accept] = accept
        }
        var limits = self.limits(for: endpoint)
        if let maximum = streamLimits.maximumBytes { limits.maximumResponseBytes = maximum }
        sink?.limit(to: limits.maximumResponseBytes)
        let exchange = StreamedExchange(
            transport: transport,
            limits: limits,
            firstByte: streamLimits.firstByte ?? limits.timeout,
            body: body,
            sent: sent,
            sink: sink
        )
        let context = self.context(of: strategy, endpoint, request, server: server)
        let latest = Locked<ByteStream?>(nil)
        let maximumBytes = limits.maximumResponseBytes
        var next: Middleware.Next = { request, _ in
            let (response, stream) = try await exchange.send(request)
            if (200..<300).contains(response.status.code) {
                // The body stays in the stream; the middlewares see the head.
                let previous = latest.withLock { latest in
                    defer { latest = stream }
                    return latest
                }
                previous?.cancel()
                return (response, Data())
            }
            return (response, try await stream.collect(upTo: maximumBytes))
        }
        for middleware in middlewares.reversed() where strategy.middlewareFilter.includes(middleware.name) {
            let inner = next
            next = { request, body in try await middleware.intercept(request, body: body, context: context, next: inner) }
        }
        let (response, whole) = try await next(request, data)
        let silence = streamLimits.silence ?? limits.connectTimeout
        let stream = latest.withLock { latest in
            defer { latest = nil }
            return latest
        }
        if let stream, (200..<300).contains(response.status.code), whole.isEmpty {
            return (.stream(response, stream.endable(limit: maximumBytes)), silence, request)
        }
        stream?.cancel()
        return (.whole(response, whole), silence, request)
    }
}

/// The last link of a streamed exchange's chain: sends through the transport within the
/// first-byte deadline and follows redirects, as ``Exchange`` does for a call.
struct StreamedExchange: Sendable {
    let transport: any Transport
    let limits: StrategyClient.Limits
    let firstByte: TimeInterval
    let body: ByteStream?
    let sent: (@Sendable (Int64) -> Void)?
    /// Where a transport that writes a successful body itself writes it (a download's file).
    let sink: FileSink?

    func send(_ first: HTTPRequest) async throws -> (HTTPResponse, ByteStream) {
        var (request, body, credentials) = (first, self.body, Credentials.names)
        var redirects = 0
        while true {
            try TransportError.checkCancellation()
            let (response, stream) = try await attempt(request, body: body)
            guard case .follow(let max) = limits.redirects,
                  let next = Redirect.request(following: response, to: request, body: body.map { _ in Data() }, credentials: credentials) else {
                return (response, stream)
            }
            stream.cancel()
            redirects += 1
            guard redirects <= max else {
                throw TransportError(.invalidResponse, detail: "more than \(max) redirects")
            }
            if next.1 == nil { body = nil }
            (request, credentials) = (next.0, next.2)
        }
    }

    /// One transport call, ended with ``TransportError/Kind/timedOut`` when no head comes within
    /// the first-byte deadline, counted again from each piece of the body sent.
    private func attempt(_ request: HTTPRequest, body: ByteStream?) async throws -> (HTTPResponse, ByteStream) {
        let watchdog = Watchdog(seconds: firstByte)
        defer { watchdog.stop() }
        let (transport, limits, sent, sink) = (self.transport, self.limits, self.sent, self.sink)
        return try await withThrowingTaskGroup(of: (HTTPResponse, ByteStream)?.self) { group in
            group.addTask {
                let sending: @Sendable (Int64) -> Void = { count in
                    watchdog.touch()
                    sent?(count)
                }
                if let sink, let transport = transport as? URLSessionTransport {
                    return try await transport.stream(request, body: body, limits: limits, sent: sending, into: sink)
                }
                return try await transport.stream(request, body: body, limits: limits, sent: sending)
            }
            group.addTask {
                await watchdog.fired()
                return nil
            }
            defer { group.cancelAll() }
            do {
                if let answer = try await group.next() ?? nil { return answer }
            } catch is CancellationError {
                throw TransportError.cancelled
            }
            if Task.isCancelled { throw TransportError.cancelled }
            throw TransportError(.timedOut, detail: "no response within \(firstByte) s")
        }
    }
}

/// A deadline that moves each time there is a sign of life; ``fired()`` returns when it passes
/// (or its task is cancelled). Kept by the runtime's one timer (``Deadlines``).
final class Watchdog: Sendable {
    private let seconds: TimeInterval
    private let state = Locked<(last: ContinuousClock.Instant, id: UInt64?, stopped: Bool)>((ContinuousClock.now, nil, false))
    private let handoff = Handoff<Void>()

    init(seconds: TimeInterval) {
        self.seconds = max(seconds, 0)
        arm(after: self.seconds)
    }

    private func arm(after delay: TimeInterval) {
        let id = Deadlines.shared.add(after: delay) { [weak self] in self?.check() }
        let stopped = state.withLock { state in
            state.id = id
            return state.stopped
        }
        if stopped { Deadlines.shared.remove(id) }
    }

    private func check() {
        let left = state.withLock { state -> TimeInterval? in
            guard !state.stopped else { return nil }
            let elapsed = state.last.duration(to: .now)
            return seconds - (Double(elapsed.components.seconds) + Double(elapsed.components.attoseconds) / 1e18)
        }
        guard let left else { return }
        if left <= 0 { handoff.offer(()) } else { arm(after: left) }
    }

    /// A sign of life: the deadline is counted again from now.
    func touch() {
        state.withLock { $0.last = .now }
    }

    /// Stops the deadline.
    func stop() {
        let id = state.withLock { state in
            state.stopped = true
            return state.id
        }
        id.map(Deadlines.shared.remove)
        handoff.offer(())
    }

    /// Returns when the deadline passed, the watchdog stopped or the task is cancelled.
    func fired() async {
        await withTaskCancellationHandler {
            await handoff.value()
        } onCancel: {
            handoff.offer(())
        }
    }
}

/// The chunks of a response's body, each within the silence limit: a longer wait ends the
/// stream with ``TransportError/Kind/timedOut``.
struct SilenceWatchedChunks {
    let stream: ByteStream
    let silence: TimeInterval
    private var iterator: ByteStream.Iterator

    init(_ stream: ByteStream, silence: TimeInterval) {
        self.stream = stream
        self.silence = silence
        iterator = stream.makeAsyncIterator()
    }

    mutating func next() async throws -> Data? {
        if stream.data != nil { return try await iterator.next() }
        let (stream, silence) = (self.stream, self.silence)
        let id = Deadlines.shared.add(after: silence) {
            stream.cancel(with: TransportError(.timedOut, detail: "no byte for \(silence) s"))
        }
        defer { Deadlines.shared.remove(id) }
        return try await iterator.next()
    }

    /// Ends the stream and closes its connection.
    func cancel() {
        stream.cancel()
    }
}
