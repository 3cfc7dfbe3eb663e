import Foundation
import StrategyKit

/// The measures of one transport against the benchmark's server.
struct Run {
    let kind: Kind
    let client: StrategyClient
    let base: String
    let quick: Bool

    init(_ kind: Kind, port: Int, quick: Bool) {
        self.kind = kind
        self.quick = quick
        base = "http://127.0.0.1:\(port)"
        client = StrategyClient(server: Server(scheme: "http", host: "127.0.0.1", port: port), transport: kind.transport,
                                limits: StrategyClient.Limits(maximumResponseBytes: 1 << 40))
    }

    private var name: String { kind.rawValue }

    /// Events/s and MB/s of the client's typed stream beside the raw transport reading the same
    /// bytes (unparsed), medians of a few rounds; every event checked to come in order.
    func throughput() async throws {
        let rounds = quick ? 2 : 5
        for (events, size) in [(quick ? 1_000 : 10_000, 100), (quick ? 10_000 : 100_000, 1000)] {
            var streamed: [Double] = []
            var raw: [Double] = []
            var bytes = 0
            for _ in 0..<rounds {
                let clock = ContinuousClock()
                var next = 0
                let time = try await clock.measure {
                    for try await event in client.stream(Events(count: events, size: size), ()) {
                        precondition(event.n == next, "event \(event.n) came where \(next) was due")
                        next += 1
                    }
                }
                precondition(next == events, "\(next) events of \(events) came")
                streamed.append(seconds(time))
                raw.append(seconds(try await clock.measure { bytes = try await rawBytes(kind, base + "/events?count=\(events)&size=\(size)") }))
            }
            let (clientTime, rawTime) = (median(streamed), median(raw))
            print("\(name): \(events) events of \(size) bytes (\(megabytes(bytes))) in order, median of \(rounds) rounds: "
                + String(format: "client %.0f ms, %.0f events/s, %.1f MB/s; raw transport %.0f ms, %.0f events/s, %.1f MB/s",
                         clientTime * 1000, Double(events) / clientTime, Double(bytes) / 1e6 / clientTime,
                         rawTime * 1000, Double(events) / rawTime, Double(bytes) / 1e6 / rawTime))
        }
    }

    /// Resident memory above the baseline while streaming 1 MB and 100 MB of events as fast as
    /// they come, and 100 MB to a reader slower than the server.
    func memory() async throws {
        let sizes = quick ? [1, 10] : [1, largeStream]
        // A first stream, unmeasured, so threads and caches made once a process aren't counted.
        for try await _ in client.stream(Events(count: 1000, size: 1000), ()) {}
        for megabytesStreamed in sizes {
            let count = megabytesStreamed * 1000
            let (_, peak, allocator) = try await peakMemoryAndAllocator {
                var seen = 0
                for try await _ in client.stream(Events(count: count, size: 1000), ()) { seen += 1 }
                precondition(seen == count)
            }
            print("\(name): \(megabytesStreamed) MB stream, peak RSS above baseline \(megabytes(peak)) "
                + "(target under 2 MB: \(verdict(Double(peak), under: 2e6)))\(allocatorNote(allocator))")
            // The same bytes through URLSession's own data task, for what the platform itself
            // takes: its delegate on an operation queue (URLSession's default), called on the
            // session's own queue (as URLSessionTransport's is on Linux), and called there
            // writing each piece to a temporary file (as URLSessionTransport's does on Linux
            // while the reader is behind).
            guard kind == .urlSession, megabytesStreamed == sizes.last else { continue }
            for (inline, writing) in [(false, false), (true, false), (true, true)] {
                let (bytes, rawPeak, rawAllocator) = try await peakMemoryAndAllocator {
                    try await rawBytes(kind, base + "/events?count=\(count)&size=1000", inline: inline, writing: writing, busy: busyReference)
                }
                precondition(bytes > count * 900, "\(bytes) bytes came")
                print("\(name): \(megabytesStreamed) MB stream through URLSession's own data task, without StrategyKit, its delegate "
                    + (inline ? "called on the session's queue" : "on an operation queue")
                    + (writing ? ", writing each piece to a file" : "")
                    + (busyReference ? ", a task computing beside it" : "")
                    + ": peak RSS above baseline \(megabytes(rawPeak)) (reference)\(allocatorNote(rawAllocator))")
            }
        }
        // A reader of at most 10 MB/s: 10 ms of pause after each 100 events of 1000 bytes.
        let slow = sizes.last!
        let clock = ContinuousClock()
        let start = clock.now
        let (_, peak, allocator) = try await peakMemoryAndAllocator {
            var seen = 0
            for try await _ in client.stream(Events(count: slow * 1000, size: 1000), ()) {
                seen += 1
                if seen % 100 == 0 { try await Task.sleep(for: .milliseconds(10)) }
            }
            precondition(seen == slow * 1000)
        }
        print("\(name): \(slow) MB stream to a slow reader (at most 10 MB/s; took \(String(format: "%.1f s", seconds(clock.now - start)))), "
            + "peak RSS above baseline \(megabytes(peak)) (target under 2 MB: \(verdict(Double(peak), under: 2e6)))\(allocatorNote(allocator))")
    }

    /// From the server's send to the caller's loop: the first event of many streams (sent with
    /// the response's head), and the events of one stream 20 ms apart.
    func latency() async throws {
        var first: [Double] = []
        for _ in 0..<(quick ? 5 : 50) {
            for try await stamped in client.stream(Latency(count: 1, gap: 0), ()) {
                first.append(Double(monotonicNanoseconds() - stamped.sent) / 1e6)
            }
        }
        var later: [Double] = []
        for try await stamped in client.stream(Latency(count: quick ? 20 : 200, gap: 20), ()) where stamped.n > 0 {
            later.append(Double(monotonicNanoseconds() - stamped.sent) / 1e6)
        }
        print("\(name): first event, server send to caller over \(first.count) streams: "
            + String(format: "p50 %.2f ms, max %.2f ms", median(first), first.max()!)
            + " (target within 5 ms: \(verdict(first.max()!, under: 5))); "
            + String(format: "the next %d events: p50 %.2f ms, p99 %.2f ms", later.count, median(later), percentile(later, 0.99)))
    }

    /// How long after the caller stops reading an endless stream the server sees its
    /// connection closed: cancelling the consuming task, and leaving the loop.
    /// The streams' ids start after `firstID`, so no two runs on one server share one.
    func cancellation(firstID: Int) async throws {
        var id = firstID
        for breaking in [false, true] {
            var delays: [Double] = []
            var missed = 0
            for _ in 0..<(quick ? 2 : 5) {
                id += 1
                if let delay = try await closeDelay(id: id, breaking: breaking) { delays.append(delay) } else { missed += 1 }
            }
            let how = breaking ? "leaving the loop" : "cancelling the task"
            if missed > 0 {
                print("\(name): \(how) after 10 events: the server saw \(delays.count) of \(delays.count + missed) connections closed within 2 s (MISSED)")
            } else {
                print("\(name): \(how) after 10 events: the server saw the connection closed "
                    + String(format: "%.1f ms later (median; max %.1f ms) in %d of %d", median(delays), delays.max()!, delays.count, delays.count))
            }
        }
    }

    /// Milliseconds from the caller stopping after 10 events to the server seeing the connection
    /// closed; `nil` if it doesn't within 2 s.
    private func closeDelay(id: Int, breaking: Bool) async throws -> Double? {
        let (stopped, stop) = AsyncStream<UInt64>.makeStream()
        let stream = client.stream(Endless(id: id), ())
        let reader = Task {
            var count = 0
            for try await _ in stream {
                count += 1
                guard count == 10 else { continue }
                if breaking {
                    stop.yield(monotonicNanoseconds())
                    break
                }
                stop.yield(0)
            }
        }
        var stoppedAt: UInt64 = 0
        for await time in stopped {
            stoppedAt = breaking ? time : monotonicNanoseconds()
            if !breaking { reader.cancel() }
            break
        }
        _ = await reader.result
        let deadline = ContinuousClock.now + .seconds(2)
        while ContinuousClock.now < deadline {
            if let seen = UInt64(try await fetchText(base + "/closed?id=\(id)")), seen > 0 {
                return Double(Int64(seen) - Int64(stoppedAt)) / 1e6
            }
            try await Task.sleep(for: .milliseconds(1))
        }
        return nil
    }

    /// Resident memory above the baseline for a large upload from a file and a large download
    /// into one, each with its progress followed (as an app shows it); a transfer that fails
    /// says so, with how far it went.
    func files() async throws {
        let size = quick ? 64 << 20 : 1 << 30
        let file = try temporaryFile(size: size)
        defer { try? FileManager.default.removeItem(at: file) }
        let rate = { (time: Double) in String(format: "%.0f MB/s", Double(size) / 1e6 / time) }
        // A first upload and download of a sixteenth of the size through each path, unmeasured,
        // so the threads and buffers a process makes once aren't counted in whichever is first.
        let warmUp = try temporaryFile(size: size / 16)
        defer { try? FileManager.default.removeItem(at: warmUp) }
        _ = try await client.upload(Upload(), (), body: .file(warmUp))
        try await client.download(Bytes(size: size / 16), (), to: warmUp)
        if kind == .urlSession {
            await rawURLSessionUpload(base + "/upload", from: warmUp)
            await rawURLSessionDownload(base + "/bytes?size=\(size / 16)", to: warmUp)
        }
        let clock = ContinuousClock()
        let progress = ManagedPeak()
        var start = clock.now
        do {
            let (answer, peak) = try await peakMemory {
                try await client.upload(Upload(), (), body: .file(file)) { progress.record(Int($0.completed)) }
            }
            let time = seconds(clock.now - start)
            precondition(String(decoding: answer, as: UTF8.self) == "\(size)", "the server received \(String(decoding: answer, as: UTF8.self)) bytes")
            var raw = ""
            if kind == .urlSession {
                start = clock.now
                let (_, rawPeak) = try await peakMemory { await rawURLSessionUpload(base + "/upload", from: file) }
                raw = "; URLSession's own upload task, without StrategyKit: \(rate(seconds(clock.now - start))), \(megabytes(rawPeak))"
            }
            print("\(name): \(size >> 20) MiB upload from a file (\(rate(time))), peak RSS above baseline \(megabytes(peak)) "
                + "(target under 20 MB: \(verdict(Double(peak), under: 20e6)))\(raw)")
        } catch {
            print("\(name): \(size >> 20) MiB upload from a file FAILED after \(String(format: "%.1f s", seconds(clock.now - start))), "
                + "\(megabytes(progress.value)) sent: \(error)")
        }
        let received = ManagedPeak()
        start = clock.now
        do {
            let (_, peak) = try await peakMemory {
                try await client.download(Bytes(size: size), (), to: file) { received.record(Int($0.completed)) }
            }
            let time = seconds(clock.now - start)
            let landed = (try FileManager.default.attributesOfItem(atPath: file.path)[.size] as? NSNumber)?.intValue
            precondition(landed == size)
            var raw = ""
            if kind == .urlSession {
                start = clock.now
                let (_, rawPeak) = try await peakMemory { await rawURLSessionDownload(base + "/bytes?size=\(size)", to: file) }
                raw = "; URLSession's own download task, without StrategyKit: \(rate(seconds(clock.now - start))), \(megabytes(rawPeak))"
            }
            print("\(name): \(size >> 20) MiB download to a file (\(rate(time))), peak RSS above baseline \(megabytes(peak)) "
                + "(target under 20 MB: \(verdict(Double(peak), under: 20e6)))\(raw)")
        } catch {
            print("\(name): \(size >> 20) MiB download to a file FAILED after \(String(format: "%.1f s", seconds(clock.now - start))), "
                + "\(megabytes(received.value)) received: \(error)")
        }
    }
}
