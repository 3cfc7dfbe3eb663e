import Foundation

/// The file a download's body goes into, written by whoever holds the bytes: the download's
/// own loop, or a transport that writes each piece as it receives it.
///
/// ``URLSessionTransport`` writes here itself: on Linux its session can't be paused, and a piece
/// handed on to a slower reader would wait in memory, where a piece written at once holds the
/// connection back only as long as the disk takes.
///
/// Each response that starts the body starts it again from nothing (a retry, a redirect) and
/// gets a generation of its own: a write of an earlier one, still in flight, is dropped.
final class FileSink: @unchecked Sendable {
    private struct State {
        var written: Int64 = 0
        var generation = 0
        var failure: (any Error)?
        var limit = Int.max
    }

    // `state` and `handle` are only touched with `lock` held.
    private let lock = NSLock()
    private var state = State()
    private let handle: FileHandle

    /// A sink into the file at `url`, which exists.
    init(_ url: URL) throws {
        handle = try FileHandle(forWritingTo: url)
    }

    /// Sets the most bytes a body may have: one more fails with
    /// ``TransportError/Kind/responseTooLarge``. The exchange sets its own limit.
    func limit(to bytes: Int) {
        lock.lock()
        defer { lock.unlock() }
        state.limit = bytes
    }

    /// The bytes written for the latest response.
    var written: Int64 {
        lock.lock()
        defer { lock.unlock() }
        return state.written
    }

    /// Why a write failed (the disk, or the size limit), once one has.
    var failure: (any Error)? {
        lock.lock()
        defer { lock.unlock() }
        return state.failure
    }

    /// Empties the file for a response that starts the body again; returns its generation.
    func restart() -> Int {
        lock.lock()
        defer { lock.unlock() }
        state.generation += 1
        state.written = 0
        do {
            try handle.truncate(atOffset: 0)
        } catch {
            state.failure = state.failure ?? error
        }
        return state.generation
    }

    /// Appends `data` for the response of `generation` (the latest, when `nil`); returns `false`
    /// when it failed, and the body can't go on.
    @discardableResult
    func write(_ data: Data, generation: Int? = nil) -> Bool {
        guard !data.isEmpty else { return true }
        lock.lock()
        defer { lock.unlock() }
        guard state.failure == nil else { return false }
        guard generation == nil || generation == state.generation else { return true }
        guard state.written + Int64(data.count) <= Int64(state.limit) else {
            state.failure = TransportError(.responseTooLarge, detail: "more than \(state.limit) bytes")
            return false
        }
        do {
            try handle.write(contentsOf: data)
            state.written += Int64(data.count)
            return true
        } catch {
            state.failure = error
            return false
        }
    }

    /// Writes what the file system holds of the file to the disk.
    func synchronize() throws {
        lock.lock()
        defer { lock.unlock() }
        try handle.synchronize()
    }

    func close() {
        lock.lock()
        defer { lock.unlock() }
        try? handle.close()
    }
}
