import Foundation

/// Bytes that arrive, or are sent, a piece at a time: a streamed response body, or a request
/// body read from a file or an async sequence without holding it in memory.
///
/// A response's stream is single-pass and flows no faster than its reader: a transport stops
/// reading from the connection while more than a few hundred kilobytes wait unread, so a slow
/// consumer never makes the client buffer the whole body. Stopping early (leaving a
/// `for try await` loop, dropping the stream, cancelling the reading task) closes the
/// connection.
///
/// ```swift
/// let upload = ByteStream(contentsOf: videoURL)            // read as it is sent
/// let generated = ByteStream(chunks, length: nil)          // any AsyncSequence of bytes
/// ```
public struct ByteStream: AsyncSequence, Sendable {
    /// One piece of the body, as it came or as it was read.
    public typealias Element = Data

    /// The number of bytes, when it is known in advance (a `Content-Length`, a file's size).
    public let length: Int?
    let source: Source

    enum Source: Sendable {
        case data(Data)
        case file(URL)
        case sequence(SequenceBox)
        case channel(StreamOwner)
        case concatenation([ByteStream])
    }

    init(source: Source, length: Int?) {
        self.source = source
        self.length = length
    }

    /// A stream of the bytes of `data`, handed out at once.
    public init(_ data: Data) {
        self.init(source: .data(data), length: data.count)
    }

    /// A stream of the file at `url`, read 64 KiB at a time as it is consumed; its length is
    /// the file's size when it can be read.
    public init(contentsOf url: URL) {
        let size = (try? FileManager.default.attributesOfItem(atPath: url.path)[.size] as? NSNumber)?.intValue
        self.init(source: .file(url), length: size)
    }

    /// A stream of the chunks `sequence` yields, of `length` bytes in all when that is known.
    ///
    /// The sequence is iterated once: a request sent with it can't be sent again, so a retry
    /// or a redirect that would resend it fails instead.
    public init<Bytes: AsyncSequence & Sendable>(_ sequence: Bytes, length: Int? = nil) where Bytes.Element: DataProtocol {
        self.init(source: .sequence(SequenceBox(sequence)), length: length)
    }

    /// A stream of the bytes `sequence` yields one by one, gathered into chunks of up to 64 KiB.
    public init<Bytes: AsyncSequence & Sendable>(bytes sequence: Bytes, length: Int? = nil) where Bytes.Element == UInt8 {
        self.init(source: .sequence(SequenceBox(bytes: sequence)), length: length)
    }

    /// Whether the stream can be read again from its start: bytes in memory and files can, a
    /// response or an async sequence can't.
    public var isReplayable: Bool {
        switch source {
        case .data, .file: true
        case .sequence, .channel: false
        case .concatenation(let parts): parts.allSatisfy(\.isReplayable)
        }
    }

    /// The file the stream reads, for a transport that sends a file itself.
    package var fileURL: URL? {
        if case .file(let url) = source { return url }
        return nil
    }

    /// The bytes, when the stream holds them in memory already.
    package var data: Data? {
        if case .data(let data) = source { return data }
        return nil
    }

    /// All the bytes, read into memory; more than `limit` fails with
    /// ``TransportError/Kind/responseTooLarge``.
    public func collect(upTo limit: Int) async throws -> Data {
        if let data, data.count <= limit { return data }
        var all = Data()
        for try await chunk in self {
            guard all.count + chunk.count <= limit else {
                cancel()
                throw TransportError(.responseTooLarge, detail: "more than \(limit) bytes")
            }
            all.append(chunk)
        }
        return all
    }

    /// Ends a response's stream early with `error`, and closes its connection; a stream that
    /// isn't a response's ignores it.
    package func cancel(with error: TransportError = .cancelled) {
        if case .channel(let handle) = source { handle.channel.terminate(error) }
    }

    /// A stream that ends the same way as this one but can be ended from outside (a deadline):
    /// a response's stream as it is, anything else fed through a channel by a task of its own,
    /// which fails after `limit` bytes.
    package func endable(limit: Int = .max) -> ByteStream {
        switch source {
        case .channel, .data: return self
        case .file, .sequence, .concatenation:
            let task = Locked<Task<Void, Never>?>(nil)
            let channel = ByteChannel(limit: limit, onDemand: nil, onTerminate: { task.withLock { $0?.cancel() } })
            let source = self
            task.withLock { slot in
                slot = Task {
                    do {
                        for try await chunk in source {
                            if !channel.yield(chunk) { await channel.demand() }
                        }
                        channel.finish()
                    } catch {
                        channel.finish(error)
                    }
                }
            }
            return ByteStream(channel: channel, length: length)
        }
    }

    /// The stream of a response whose bytes `channel` receives.
    package init(channel: ByteChannel, length: Int?) {
        self.init(source: .channel(StreamOwner(channel)), length: length)
    }

    /// An iterator over the stream's chunks.
    public func makeAsyncIterator() -> Iterator {
        Iterator(stream: self)
    }

    /// Hands out the stream's chunks in order.
    public struct Iterator: AsyncIteratorProtocol {
        private enum State {
            case data(Data?)
            case file(URL, FileReader?)
            case next(() async throws -> Data?)
            case channel(StreamOwner)
            indirect case parts([ByteStream], Int, Iterator?)
            case done
        }

        private var state: State

        init(stream: ByteStream) {
            switch stream.source {
            case .data(let data): state = .data(data)
            case .file(let url): state = .file(url, nil)
            case .sequence(let box): state = .next(box.makeNext())
            case .channel(let handle): state = .channel(handle)
            case .concatenation(let parts): state = .parts(parts, 0, nil)
            }
        }

        /// The next chunk; `nil` at the end. Throws a ``TransportError`` when a response's
        /// connection fails, and the file's or the sequence's own error otherwise.
        public mutating func next() async throws -> Data? {
            switch state {
            case .data(let data):
                state = .done
                return data?.isEmpty == false ? data : nil
            case .file(let url, let reader):
                let reader = try reader ?? FileReader(url)
                let chunk = try reader.read()
                state = chunk == nil ? .done : .file(url, reader)
                return chunk
            case .next(let next):
                let chunk = try await next()
                if chunk == nil { state = .done }
                return chunk
            case .channel(let handle):
                let chunk = try await handle.channel.next()
                if chunk == nil { state = .done }
                return chunk
            case .parts(let parts, var index, var current):
                while index < parts.count {
                    var iterator = current ?? parts[index].makeAsyncIterator()
                    if let chunk = try await iterator.next() {
                        state = .parts(parts, index, iterator)
                        return chunk
                    }
                    index += 1
                    current = nil
                }
                state = .done
                return nil
            case .done:
                return nil
            }
        }
    }
}

/// A sequence of byte chunks with its type erased; iterated at most once.
final class SequenceBox: Sendable {
    private let make: @Sendable () -> (() async throws -> Data?)
    private let used = Locked(false)

    init<Bytes: AsyncSequence & Sendable>(_ sequence: Bytes) where Bytes.Element: DataProtocol {
        make = {
            var iterator = sequence.makeAsyncIterator()
            return { try await iterator.next().map { Data($0) } }
        }
    }

    init<Bytes: AsyncSequence & Sendable>(bytes sequence: Bytes) where Bytes.Element == UInt8 {
        make = {
            var iterator = sequence.makeAsyncIterator()
            return {
                var chunk = Data()
                while chunk.count < 64 * 1024, let byte = try await iterator.next() { chunk.append(byte) }
                return chunk.isEmpty ? nil : chunk
            }
        }
    }

    func makeNext() -> () async throws -> Data? {
        let first = used.withLock { used in
            defer { used = true }
            return !used
        }
        guard first else {
            return { throw TransportError(.invalidResponse, detail: "a body read from an async sequence can't be sent twice") }
        }
        return make()
    }
}

/// Reads a file 64 KiB at a time and closes it at the end or when dropped.
final class FileReader {
    private let handle: FileHandle

    init(_ url: URL) throws {
        handle = try FileHandle(forReadingFrom: url)
    }

    func read() throws -> Data? {
        let chunk = try handle.read(upToCount: 64 * 1024) ?? Data()
        return chunk.isEmpty ? nil : chunk
    }

    deinit { try? handle.close() }
}

/// Ends a response's stream, closing its connection, when the last copy of the stream and its
/// iterators goes, unless the stream ended before.
final class StreamOwner: Sendable {
    let channel: ByteChannel

    init(_ channel: ByteChannel) {
        self.channel = channel
    }

    deinit { channel.terminate(.cancelled) }
}
