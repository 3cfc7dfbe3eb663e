import Foundation

/// The bytes of one streamed response between a transport, which yields them as they come,
/// and the one task that reads them.
///
/// Back pressure: ``yield(_:)`` returns `false` once more than ``highWater`` bytes wait unread;
/// the transport then stops reading from the connection until `onDemand` runs, which happens
/// when the reader has taken the waiting bytes down to half of it. A transport that can't stop
/// reading (URLSession on Linux) makes a channel that spills instead: past ``spillMark``, the
/// bytes wait in a temporary file, read back in order, so a slow reader costs disk, not memory.
/// The size limit is counted here, so it holds on every transport. Whatever ends the stream
/// early — the reader's cancellation, a dropped stream, a deadline, too many bytes — runs
/// `onTerminate` once, which stops the transport's request and closes its connection.
package final class ByteChannel: @unchecked Sendable {
    private struct State {
        var chunks: [Data] = []
        var first = 0
        var buffered = 0
        var received = 0
        var end: Result<Void, any Error>?
        var waiter: CheckedContinuation<Data?, any Error>?
        var paused = false
        var terminated = false
        var demandWaiters: [CheckedContinuation<Void, Never>] = []
        /// The bytes that wait on disk, after those in `chunks`.
        var spill: Spill?
    }

    /// A temporary file of bytes waiting for the reader: written at its end, read from `read`.
    private final class Spill {
        let url: URL
        let handle: FileHandle
        var written: UInt64 = 0
        var read: UInt64 = 0

        init() throws {
            url = FileManager.default.temporaryDirectory.appendingPathComponent("StrategyKit-stream-\(UUID().uuidString)")
            guard FileManager.default.createFile(atPath: url.path, contents: nil) else {
                throw TransportError(.invalidResponse, detail: "no temporary file for the stream's waiting bytes")
            }
            do {
                handle = try FileHandle(forUpdating: url)
            } catch {
                try? FileManager.default.removeItem(at: url)
                throw error
            }
        }

        var isEmpty: Bool { read == written }

        func append(_ data: Data) throws {
            try handle.seek(toOffset: written)
            try handle.write(contentsOf: data)
            written += UInt64(data.count)
        }

        /// The next bytes, at most `count`; empties the file once all are read.
        func take(upTo count: Int) throws -> Data {
            try handle.seek(toOffset: read)
            let data = try handle.read(upToCount: Int(min(UInt64(count), written - read))) ?? Data()
            read += UInt64(data.count)
            if read == written {
                try handle.truncate(atOffset: 0)
                (read, written) = (0, 0)
            }
            return data
        }

        func remove() {
            try? handle.close()
            try? FileManager.default.removeItem(at: url)
        }
    }

    /// How many unread bytes make ``yield(_:)`` ask the transport to pause: 256 KiB.
    package static let highWater = 256 * 1024

    /// How many unread bytes a channel that spills keeps in memory before the rest waits on
    /// disk: 64 KiB.
    package static let spillMark = 64 * 1024

    // `state` is only touched with `lock` held.
    private let lock = NSLock()
    private var state = State()
    private let limit: Int
    private let spills: Bool
    private let onDemand: (@Sendable () -> Void)?
    private let onTerminate: (@Sendable () -> Void)?

    /// A channel that fails with ``TransportError/Kind/responseTooLarge`` after `limit` bytes.
    ///
    /// - Parameters:
    ///   - spills: whether bytes past ``spillMark`` wait on disk, for a transport that can't
    ///     stop reading.
    ///   - onDemand: runs when a paused transport may read again.
    ///   - onTerminate: runs once when the stream is ended before the transport finished it.
    package init(limit: Int, spills: Bool = false, onDemand: (@Sendable () -> Void)?, onTerminate: (@Sendable () -> Void)?) {
        self.limit = limit
        self.spills = spills
        self.onDemand = onDemand
        self.onTerminate = onTerminate
    }

    deinit {
        state.spill?.remove()
    }

    /// The bytes that wait for the reader in memory, and the file where more wait, if any.
    package var waiting: (inMemory: Int, file: URL?) {
        lock.lock()
        defer { lock.unlock() }
        return (state.buffered, state.spill.map(\.url))
    }

    /// Hands `data` to the reader; returns `false` when the transport should pause reading
    /// until `onDemand` runs (or ``demand()`` returns). Bytes yielded after the end are dropped.
    @discardableResult
    package func yield(_ data: Data) -> Bool {
        guard !data.isEmpty else { return true }
        lock.lock()
        guard state.end == nil else {
            lock.unlock()
            return true
        }
        state.received += data.count
        if state.received > limit {
            lock.unlock()
            terminate(TransportError(.responseTooLarge, detail: "more than \(limit) bytes"))
            return true
        }
        if let waiter = state.waiter {
            state.waiter = nil
            lock.unlock()
            waiter.resume(returning: data)
            return true
        }
        // Once bytes wait on disk, the later ones follow them there, so they keep their order.
        if spills, state.spill.map({ !$0.isEmpty }) == true || state.buffered + data.count > Self.spillMark {
            do {
                let spill = try state.spill ?? Spill()
                state.spill = spill
                try spill.append(data)
                lock.unlock()
            } catch {
                lock.unlock()
                terminate(TransportError(.invalidResponse, detail: "the stream's waiting bytes can't be kept on disk: \(error)"))
            }
            return true
        }
        state.chunks.append(data)
        state.buffered += data.count
        let keepGoing = state.buffered <= Self.highWater
        if !keepGoing { state.paused = true }
        lock.unlock()
        return keepGoing
    }

    /// A sign of life without bytes, from a transport that wrote them where the reader will
    /// find them (a download's file): a reader waiting now gets an empty chunk.
    package func touch() {
        lock.lock()
        guard state.end == nil, let waiter = state.waiter else {
            lock.unlock()
            return
        }
        state.waiter = nil
        lock.unlock()
        waiter.resume(returning: Data())
    }

    /// Returns when a producer that was told to pause may go on, or the stream ended.
    package func demand() async {
        await withCheckedContinuation { continuation in
            lock.lock()
            if state.paused && state.end == nil {
                state.demandWaiters.append(continuation)
                lock.unlock()
            } else {
                lock.unlock()
                continuation.resume()
            }
        }
    }

    /// Ends the stream when the transport has delivered everything, or with `error`.
    package func finish(_ error: (any Error)? = nil) {
        end(error.map { .failure($0) } ?? .success(()), terminating: false)
    }

    /// Ends the stream early with `error` and stops the transport; nothing once it has ended.
    package func terminate(_ error: TransportError) {
        end(.failure(error), terminating: true)
    }

    private func end(_ result: Result<Void, any Error>, terminating: Bool) {
        lock.lock()
        guard state.end == nil else {
            lock.unlock()
            return
        }
        state.end = result
        if terminating {
            state.chunks = []
            state.first = 0
            state.buffered = 0
            state.terminated = true
            state.spill?.remove()
            state.spill = nil
        }
        let waiter = state.waiter
        state.waiter = nil
        let demandWaiters = state.demandWaiters
        state.demandWaiters = []
        state.paused = false
        lock.unlock()
        for continuation in demandWaiters { continuation.resume() }
        if terminating { onTerminate?() }
        if let waiter {
            switch result {
            case .success: waiter.resume(returning: nil)
            case .failure(let error): waiter.resume(throwing: error)
            }
        }
    }

    /// The next chunk, waiting for it; `nil` at the end. Cancelling the waiting task ends the
    /// stream with ``TransportError/Kind/cancelled``.
    package func next() async throws -> Data? {
        if let ready = try take() { return ready.chunk }
        return try await withTaskCancellationHandler {
            try await withCheckedThrowingContinuation { continuation in
                lock.lock()
                if let ready = try? takeLocked(), ready.isReady {
                    let (chunk, resume) = (ready.chunk, ready.resumesProducer)
                    lock.unlock()
                    if resume { resumeProducer() }
                    continuation.resume(returning: chunk)
                } else if case .failure(let error)? = state.end, state.chunks.count == state.first {
                    lock.unlock()
                    continuation.resume(throwing: error)
                } else {
                    state.waiter = continuation
                    lock.unlock()
                }
            }
        } onCancel: {
            terminate(.cancelled)
        }
    }

    private struct Taken {
        var chunk: Data?
        var isReady: Bool
        var resumesProducer: Bool
    }

    /// A chunk waiting or the end, without suspending; `nil` when the reader must wait.
    private func take() throws -> Taken? {
        lock.lock()
        let taken: Taken?
        do {
            taken = try takeLocked()
        } catch {
            lock.unlock()
            throw error
        }
        lock.unlock()
        guard let taken, taken.isReady else { return nil }
        if taken.resumesProducer { resumeProducer() }
        return taken
    }

    /// Under `lock`: the next chunk, the end (`chunk` nil) or nothing ready; throws the failure
    /// once every chunk before it was read.
    private func takeLocked() throws -> Taken? {
        if state.first < state.chunks.count {
            let chunk = state.chunks[state.first]
            state.chunks[state.first] = Data()
            state.first += 1
            state.buffered -= chunk.count
            if state.first == state.chunks.count {
                state.chunks.removeAll(keepingCapacity: true)
                state.first = 0
            } else if state.first > 64 {
                state.chunks.removeFirst(state.first)
                state.first = 0
            }
            var resumes = false
            if state.paused && state.buffered <= Self.highWater / 2 {
                state.paused = false
                resumes = true
            }
            return Taken(chunk: chunk, isReady: true, resumesProducer: resumes)
        }
        if let spill = state.spill, !spill.isEmpty {
            do {
                return Taken(chunk: try spill.take(upTo: Self.spillMark), isReady: true, resumesProducer: false)
            } catch {
                throw TransportError(.invalidResponse, detail: "the stream's waiting bytes can't be read back from disk: \(error)")
            }
        }
        if state.end != nil, let spill = state.spill {
            spill.remove()
            state.spill = nil
        }
        switch state.end {
        case .success?: return Taken(chunk: nil, isReady: true, resumesProducer: false)
        case .failure(let error)?: throw error
        case nil: return nil
        }
    }

    private func resumeProducer() {
        lock.lock()
        let demandWaiters = state.demandWaiters
        state.demandWaiters = []
        lock.unlock()
        for continuation in demandWaiters { continuation.resume() }
        onDemand?()
    }
}
