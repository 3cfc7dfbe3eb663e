import Foundation

extension StrategyClient {
    /// The elements of `strategy`'s streamed response for `input`, each handed out as it
    /// arrives; the request is sent when the sequence is first asked for an element.
    ///
    /// The request goes through the middlewares as a call's does; a response the strategy's
    /// success check rejects throws its failure before any element. Stopping early (leaving
    /// the loop, cancelling the task) closes the connection.
    ///
    /// ```swift
    /// for try await chunk in client.stream(StreamChat(), request) { print(chunk.text, terminator: "") }
    /// ```
    ///
    /// - Parameters:
    ///   - strategy: the streaming strategy to send.
    ///   - input: what the strategy's request is made from.
    ///   - limits: the first-byte and silence deadlines and the size limit, each the client's
    ///     (or endpoint's) by default; see ``StreamLimits``.
    public func stream<S: StreamingStrategy>(_ strategy: S, _ input: S.Input, limits: StreamLimits = StreamLimits()) -> EventStream<S> {
        EventStream(client: self, strategy: strategy, input: input, limits: limits)
    }

    /// The elements of a ``StreamingStrategy``'s response, in the order the server sent them;
    /// see ``StrategyClient/stream(_:_:limits:)``.
    public struct EventStream<S: StreamingStrategy>: AsyncSequence, Sendable {
        /// One element of the stream.
        public typealias Element = S.Element
        /// Why the stream ended early, with the number of elements received.
        public typealias Failure = StreamError<S.Failure>

        let client: StrategyClient
        let strategy: S
        let input: S.Input
        let limits: StreamLimits

        /// The same stream with `limits` in place of its own, for a stream a generated client's
        /// method returns: nothing is sent before the loop asks for the first element, so the
        /// limits apply from the start.
        ///
        /// ```swift
        /// for try await chunk in chat.askStream(request).limited(by: StreamLimits(firstByte: 30, silence: 10)) {
        ///     print(chunk.delta, terminator: "")
        /// }
        /// ```
        public func limited(by limits: StreamLimits) -> EventStream {
            EventStream(client: client, strategy: strategy, input: input, limits: limits)
        }

        /// An iterator that sends no request before its first `next()`.
        public func makeAsyncIterator() -> Iterator {
            Iterator(client: client, strategy: strategy, input: input, limits: limits)
        }

        /// Reads the response's records as they come and decodes them one by one.
        public struct Iterator: AsyncIteratorProtocol {
            /// Why the stream ended early, with the number of elements received.
            public typealias Failure = StreamError<S.Failure>

            let client: StrategyClient
            let strategy: S
            let input: S.Input
            let limits: StreamLimits
            private var started = false
            private var ended = false
            private var bodyEnded = false
            private var response = HTTPResponse(status: .ok)
            private var chunks: SilenceWatchedChunks?
            private var framer: RecordFramer
            private var records: [RecordFramer.Record] = []
            private var index = 0
            private var received = 0

            init(client: StrategyClient, strategy: S, input: S.Input, limits: StreamLimits) {
                self.client = client
                self.strategy = strategy
                self.input = input
                self.limits = limits
                framer = RecordFramer(strategy.streamFormat.framing)
            }

            /// The next element, as soon as it has arrived; `nil` at the end of the stream (or
            /// its terminator).
            public mutating func next() async throws(StreamError<S.Failure>) -> S.Element? {
                guard !ended else { return nil }
                if !started {
                    started = true
                    do {
                        try await start()
                    } catch {
                        ended = true
                        throw StreamError(CallError(sorting: error), received: 0)
                    }
                }
                let format = strategy.streamFormat
                while true {
                    while index < records.count {
                        let record = records[index]
                        index += 1
                        let step: StreamFormat<S.Element>.Step
                        do {
                            step = try format.decode(record, client.decoder)
                        } catch {
                            end()
                            throw StreamError(.decoding(error, body: record.bytes), received: received)
                        }
                        switch step {
                        case .element(let element):
                            received += 1
                            return element
                        case .skip:
                            continue
                        case .end:
                            end()
                            return nil
                        case .apiError(let body):
                            end()
                            throw StreamError(.api(S.Failure(response: response, body: body, decoder: client.decoder)), received: received)
                        }
                    }
                    records.removeAll(keepingCapacity: true)
                    index = 0
                    guard !bodyEnded else {
                        end()
                        return nil
                    }
                    let chunk: Data?
                    do {
                        chunk = try await chunks?.next()
                    } catch {
                        end()
                        throw StreamError(CallError(sorting: error), received: received)
                    }
                    if let chunk {
                        framer.push(chunk, into: &records)
                    } else {
                        bodyEnded = true
                        framer.finish(into: &records)
                    }
                }
            }

            private mutating func start() async throws {
                let format = strategy.streamFormat
                let (opened, silence, _) = try await client.open(strategy, input, accept: format.accept, limits: limits)
                switch opened {
                case .stream(let head, let body):
                    response = head
                    guard strategy.successCheck.isSuccess(head, body: Data()) else {
                        let whole = try await body.collect(upTo: client.limits.maximumResponseBytes)
                        throw S.Failure(response: head, body: head.errorBody(whole), decoder: client.decoder)
                    }
                    chunks = SilenceWatchedChunks(body, silence: silence)
                case .whole(let head, let body):
                    response = head
                    guard strategy.successCheck.isSuccess(head, body: body) else {
                        throw S.Failure(response: head, body: head.errorBody(body), decoder: client.decoder)
                    }
                    chunks = SilenceWatchedChunks(ByteStream(body), silence: silence)
                }
            }

            private mutating func end() {
                ended = true
                chunks?.cancel()
                chunks = nil
                records = []
            }
        }
    }
}

extension HTTPResponse {
    /// The body of an error response as its error type reads it, whether the call streams or
    /// not: a `text/event-stream` error (an inference server's 422 sent as `data: {"error": …}`)
    /// is its first event's data, the JSON the document's schema describes; any other body is
    /// as it came.
    func errorBody(_ body: Data) -> Data {
        guard let type = headerFields[.contentType], type.lowercased().hasPrefix("text/event-stream") else { return body }
        var framer = RecordFramer(.serverSentEvents)
        var records: [RecordFramer.Record] = []
        framer.push(body, into: &records)
        // An event the body doesn't end with an empty line still counts.
        framer.push(Data("\n\n".utf8), into: &records)
        for case .event(let event) in records {
            return Data(event.data.utf8)
        }
        return body
    }
}

extension RecordFramer.Record {
    /// The record's bytes, kept with a decoding error.
    var bytes: Data {
        switch self {
        case .event(let event): Data(event.data.utf8)
        case .value(let data): data
        }
    }
}

extension StrategyClient {
    /// Sends the request `strategy` makes for `input` with `body` in place of the endpoint's,
    /// read as it is sent (from a file or an async sequence, never whole into memory), and
    /// returns the strategy's output.
    ///
    /// ```swift
    /// let video = try await client.upload(UploadVideo(), id, body: .file(movieURL, contentType: "video/mp4")) {
    ///     progress in print(progress.completed)
    /// }
    /// ```
    ///
    /// A retry or redirect sends the body again only when it can be read again (a file, bytes
    /// in memory); a body from an async sequence fails then, with
    /// ``TransportError/Kind/invalidResponse``.
    ///
    /// - Parameters:
    ///   - strategy: the strategy whose request is sent, and whose output is returned.
    ///   - input: what the strategy's request is made from.
    ///   - body: the body sent in place of the endpoint's, with its content type.
    ///   - limits: the first-byte deadline (counted again from each piece sent) and the size
    ///     limit of the response, the client's by default.
    ///   - progress: told the bytes sent so far and the total when known, as they go.
    public func upload<S: Strategy>(
        _ strategy: S,
        _ input: S.Input,
        body: StreamedBody,
        limits: StreamLimits = StreamLimits(),
        progress: (@Sendable (TransferProgress) -> Void)? = nil
    ) async throws(CallError<S.Failure>) -> S.Output {
        try await uploadWithResponse(strategy, input, body: body, limits: limits, progress: progress).output
    }

    /// Sends the request `strategy` makes for `input` with `body` in place of the endpoint's, as
    /// ``upload(_:_:body:limits:progress:)`` does, and returns the output with the response it
    /// came from (``Answer``); its ``Answer/duration`` runs from the start of the call to the
    /// last byte of the response, the upload included.
    public func uploadWithResponse<S: Strategy>(
        _ strategy: S,
        _ input: S.Input,
        body: StreamedBody,
        limits: StreamLimits = StreamLimits(),
        progress: (@Sendable (TransferProgress) -> Void)? = nil
    ) async throws(CallError<S.Failure>) -> Answer<S.Output> {
        let start = ContinuousClock.now
        let total = body.bytes.length.map(Int64.init)
        var sent: (@Sendable (Int64) -> Void)?
        if let progress {
            sent = { count in progress(TransferProgress(completed: count, total: total)) }
        }
        let response: HTTPResponse
        let whole: Data
        let request: HTTPRequest
        do {
            let (opened, silence, sentRequest) = try await open(strategy, input, upload: body, limits: limits, sent: sent)
            request = sentRequest
            switch opened {
            case .whole(let head, let data):
                (response, whole) = (head, data)
            case .stream(let head, let stream):
                var chunks = SilenceWatchedChunks(stream, silence: silence)
                var data = Data()
                while let chunk = try await chunks.next() { data.append(chunk) }
                (response, whole) = (head, data)
            }
        } catch {
            throw CallError(sorting: error)
        }
        guard strategy.successCheck.isSuccess(response, body: whole) else {
            throw .api(S.Failure(response: response, body: response.errorBody(whole), decoder: decoder))
        }
        let duration = start.duration(to: .now)
        do {
            return Answer(
                output: try strategy.output(from: response, body: whole, decoder: decoder),
                response: response, body: whole, request: request, duration: duration,
                requestIDHeader: callOptions?.requestIDHeader ?? (try? strategy.endpoint(for: input))?.requestIDHeader
            )
        } catch {
            throw .decoding(error, body: whole)
        }
    }

    /// Sends the request `strategy` makes for `input` and writes the successful response's body
    /// into the file at `destination`, never holding it whole in memory; returns the response.
    ///
    /// The body goes into a temporary file beside `destination`, moved into place (replacing
    /// any file there) only once it is complete; when the download fails or is cancelled, the
    /// temporary file is removed and `destination` is left as it was.
    ///
    /// ```swift
    /// try await client.download(GetExport(), id, to: exportURL, limits: StreamLimits(maximumBytes: 1 << 32)) {
    ///     progress in fraction = progress.fractionCompleted ?? 0
    /// }
    /// ```
    ///
    /// - Parameters:
    ///   - strategy: the strategy whose request is sent.
    ///   - input: what the strategy's request is made from.
    ///   - destination: the file the body is written to.
    ///   - limits: the first-byte and silence deadlines and the size limit, the client's (or
    ///     endpoint's) by default: raise ``StreamLimits/maximumBytes`` for large files.
    ///   - progress: told the bytes received so far and the total when known, as they come.
    @discardableResult
    public func download<S: Strategy>(
        _ strategy: S,
        _ input: S.Input,
        to destination: URL,
        limits: StreamLimits = StreamLimits(),
        progress: (@Sendable (TransferProgress) -> Void)? = nil
    ) async throws(CallError<S.Failure>) -> HTTPResponse {
        let temporary = destination.deletingLastPathComponent()
            .appendingPathComponent(".\(destination.lastPathComponent).\(UUID().uuidString).download")
        var sink: FileSink?
        defer { sink?.close() }
        do {
            guard FileManager.default.createFile(atPath: temporary.path, contents: nil) else {
                throw CocoaError(.fileWriteUnknown, userInfo: [NSFilePathErrorKey: temporary.path])
            }
            let file = try FileSink(temporary)
            sink = file
            let (opened, silence, _) = try await open(strategy, input, limits: limits, into: file)
            let (response, stream): (HTTPResponse, ByteStream)
            switch opened {
            case .whole(let head, let body):
                guard strategy.successCheck.isSuccess(head, body: body) else {
                    throw S.Failure(response: head, body: head.errorBody(body), decoder: decoder)
                }
                (response, stream) = (head, ByteStream(body))
            case .stream(let head, let body):
                guard strategy.successCheck.isSuccess(head, body: Data()) else {
                    let whole = try await body.collect(upTo: self.limits.maximumResponseBytes)
                    throw S.Failure(response: head, body: head.errorBody(whole), decoder: decoder)
                }
                (response, stream) = (head, body)
            }
            let total = response.headerFields[.contentLength].flatMap { Int64($0) }
            var chunks = SilenceWatchedChunks(stream, silence: silence)
            progress?(TransferProgress(completed: 0, total: total))
            // A transport that writes the body into the file itself hands on empty chunks, a sign
            // of life each; the others hand on the bytes, written here.
            var reported: Int64 = 0
            while let chunk = try await chunks.next() {
                guard file.write(chunk) else { break }
                reported = file.written
                progress?(TransferProgress(completed: reported, total: total))
            }
            if let failure = file.failure { throw failure }
            // Bytes the transport wrote after the last sign of life the loop saw.
            if file.written != reported { progress?(TransferProgress(completed: file.written, total: total)) }
            try file.synchronize()
            try Self.moveIntoPlace(temporary, destination)
            return response
        } catch let error as S.Failure {
            try? FileManager.default.removeItem(at: temporary)
            throw .api(error)
        } catch {
            try? FileManager.default.removeItem(at: temporary)
            // A write that failed (the disk, the size limit) is why the stream ended.
            throw CallError(sorting: sink?.failure ?? error)
        }
    }

    /// Moves `file` to `destination` in one step, replacing what is there.
    private static func moveIntoPlace(_ file: URL, _ destination: URL) throws {
        guard rename(file.path, destination.path) == 0 else {
            throw CocoaError(.fileWriteUnknown, userInfo: [NSFilePathErrorKey: destination.path])
        }
    }
}
