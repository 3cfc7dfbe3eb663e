import AsyncHTTPClient
import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif
import NIOCore
import StrategyKit
import StrategyKitAsyncHTTPClient

// The strategies the benchmark sends, and how it measures memory and time.

struct Event: Decodable, Sendable {
    let n: Int
}

/// `count` events of about `size` bytes each, as fast as the server can send them.
struct Events: StreamingStrategy {
    typealias Output = Data
    let count: Int
    let size: Int
    func endpoint(for input: Void) -> Endpoint { Endpoint(.get, "/events", query: ["count": count, "size": size]) }
    var streamFormat: StreamFormat<Event> { .serverSentEvents(of: Event.self) }
}

struct Stamped: Decodable, Sendable {
    let n: Int
    let sent: UInt64
}

/// `count` events, the first with the response's head and the others `gap` milliseconds apart,
/// each carrying the time the server sent it.
struct Latency: StreamingStrategy {
    typealias Output = Data
    let count: Int
    let gap: Int
    func endpoint(for input: Void) -> Endpoint { Endpoint(.get, "/latency", query: ["count": count, "gap": gap]) }
    var streamFormat: StreamFormat<Stamped> { .serverSentEvents(of: Stamped.self) }
}

/// Events every millisecond until the client closes the connection, which the server notes
/// under `id`.
struct Endless: StreamingStrategy {
    typealias Output = Data
    let id: Int
    func endpoint(for input: Void) -> Endpoint { Endpoint(.get, "/endless", query: ["id": id]) }
    var streamFormat: StreamFormat<Event> { .serverSentEvents(of: Event.self) }
}

struct Bytes: Strategy {
    typealias Output = Data
    let size: Int
    func endpoint(for input: Void) -> Endpoint { Endpoint(.get, "/bytes", query: ["size": size]) }
}

struct Upload: Strategy {
    typealias Output = Data
    func endpoint(for input: Void) -> Endpoint { Endpoint(.put, "/upload") }
}

enum Kind: String, CaseIterable {
    case urlSession = "URLSession"
    case asyncHTTPClient = "AsyncHTTPClient"
    var transport: any Transport { self == .urlSession ? URLSessionTransport() : AsyncHTTPClientTransport() }
}

/// An operation queue that runs each block at once, on the thread that adds it: a session's
/// delegate then runs on the session's own queue, as URLSessionTransport's does on Linux.
final class InlineQueue: OperationQueue, @unchecked Sendable {
    override func addOperation(_ block: @escaping @Sendable () -> Void) { block() }
}

/// Reads a whole response through the transport's own API, counting bytes: the raw transport.
/// `inline`: URLSession calls its delegate on its own queue rather than on an operation queue.
/// `writing`: the delegate writes each piece to a temporary file, as it comes.
/// `busy`: a task computes meanwhile, in slices of a millisecond, as a reader decoding would.
func rawBytes(_ kind: Kind, _ url: String, inline: Bool = false, writing: Bool = false, busy: Bool = false) async throws -> Int {
    let done = ManagedPeak()
    defer { done.stop() }
    if busy {
        Task {
            var sum = 0
            while !done.isStopped {
                let start = ContinuousClock.now
                while ContinuousClock.now - start < .milliseconds(1) { sum &+= 1 }
                await Task.yield()
            }
            return sum
        }
    }
    switch kind {
    case .urlSession:
        final class Counter: NSObject, URLSessionDataDelegate, @unchecked Sendable {
            var count = 0
            let done = DispatchSemaphore(value: 0)
            /// Where each piece is written as it comes, if anywhere.
            let sink: FileHandle?
            init(sink: FileHandle?) { self.sink = sink }
            func urlSession(_ session: URLSession, dataTask: URLSessionDataTask, didReceive data: Data) {
                count += data.count
                try? sink?.write(contentsOf: data)
            }
            func urlSession(_ session: URLSession, task: URLSessionTask, didCompleteWithError error: (any Error)?) { done.signal() }
        }
        let file = writing ? try temporaryFile(size: 0) : nil
        let sink = try file.map(FileHandle.init(forWritingTo:))
        defer {
            try? sink?.close()
            file.map { try? FileManager.default.removeItem(at: $0) }
        }
        let counter = Counter(sink: sink)
        let session = URLSession(configuration: .default, delegate: counter, delegateQueue: inline ? InlineQueue() : nil)
        session.dataTask(with: URL(string: url)!).resume()
        await withCheckedContinuation { continuation in
            DispatchQueue.global().async {
                counter.done.wait()
                continuation.resume()
            }
        }
        session.finishTasksAndInvalidate()
        return counter.count
    case .asyncHTTPClient:
        let response = try await HTTPClient.shared.execute(HTTPClientRequest(url: url), timeout: .seconds(600))
        var count = 0
        for try await buffer in response.body { count += buffer.readableBytes }
        return count
    }
}

/// Uploads `file` with URLSession's own upload task and no delegate of StrategyKit's, for the
/// memory URLSession itself takes.
func rawURLSessionUpload(_ url: String, from file: URL) async {
    final class Waiter: NSObject, URLSessionDataDelegate, @unchecked Sendable {
        let done = DispatchSemaphore(value: 0)
        func urlSession(_ session: URLSession, task: URLSessionTask, didCompleteWithError error: (any Error)?) { done.signal() }
    }
    let waiter = Waiter()
    let session = URLSession(configuration: .default, delegate: waiter, delegateQueue: nil)
    var request = URLRequest(url: URL(string: url)!)
    request.httpMethod = "PUT"
    session.uploadTask(with: request, fromFile: file).resume()
    await withCheckedContinuation { continuation in
        DispatchQueue.global().async {
            waiter.done.wait()
            continuation.resume()
        }
    }
    session.finishTasksAndInvalidate()
}

/// A download into `file` by URLSession's own download task, without StrategyKit: what the
/// platform's URLSession costs in memory for the same body.
func rawURLSessionDownload(_ url: String, to file: URL) async {
    final class Waiter: NSObject, URLSessionDownloadDelegate, @unchecked Sendable {
        let done = DispatchSemaphore(value: 0)
        let file: URL
        init(file: URL) { self.file = file }
        func urlSession(_ session: URLSession, downloadTask: URLSessionDownloadTask, didFinishDownloadingTo location: URL) {
            _ = try? FileManager.default.replaceItemAt(file, withItemAt: location)
        }
        func urlSession(_ session: URLSession, task: URLSessionTask, didCompleteWithError error: (any Error)?) { done.signal() }
    }
    let waiter = Waiter(file: file)
    let session = URLSession(configuration: .default, delegate: waiter, delegateQueue: nil)
    session.downloadTask(with: URL(string: url)!).resume()
    await withCheckedContinuation { continuation in
        DispatchQueue.global().async {
            waiter.done.wait()
            continuation.resume()
        }
    }
    session.finishTasksAndInvalidate()
}

/// A whole small response's text, through AsyncHTTPClient.
func fetchText(_ url: String) async throws -> String {
    let response = try await HTTPClient.shared.execute(HTTPClientRequest(url: url), timeout: .seconds(10))
    let body = try await response.body.collect(upTo: 1 << 20)
    return String(buffer: body)
}

/// A new file of `size` bytes (a sparse one: zeros, no disk written) in the temporary folder.
func temporaryFile(size: Int) throws -> URL {
    let file = FileManager.default.temporaryDirectory.appendingPathComponent("runtime-streaming-\(UUID().uuidString)")
    _ = FileManager.default.createFile(atPath: file.path, contents: nil)
    let handle = try FileHandle(forWritingTo: file)
    defer { try? handle.close() }
    try handle.truncate(atOffset: UInt64(size))
    return file
}

/// The resident memory of this process in bytes.
func residentBytes() -> Int {
    guard let status = try? String(contentsOfFile: "/proc/self/status", encoding: .utf8),
          let line = status.split(separator: "\n").first(where: { $0.hasPrefix("VmRSS:") }),
          let kb = Int(line.split(separator: " ").dropFirst().first ?? "") else { return 0 }
    return kb * 1024
}

/// Gives the memory malloc holds free back to the system, so a baseline taken after it isn't
/// padded with pages an earlier measure left resident (which a later one would reuse unseen).
func releaseFreeMemory() {
    #if canImport(Glibc)
    typealias Trim = @convention(c) (Int) -> Int32
    if let symbol = dlsym(UnsafeMutableRawPointer(bitPattern: 0), "malloc_trim") {
        _ = unsafeBitCast(symbol, to: Trim.self)(0)
    }
    #endif
}

/// What glibc's malloc holds, from `mallinfo2()`: the bytes handed out and not freed, and the
/// bytes of its heaps (every arena's, and the chunks it maps on their own).
struct AllocatorBytes {
    var inUse = 0
    var heaps = 0

    static func - (lhs: AllocatorBytes, rhs: AllocatorBytes) -> AllocatorBytes {
        AllocatorBytes(inUse: lhs.inUse - rhs.inUse, heaps: lhs.heaps - rhs.heaps)
    }

    /// Now; zero where `mallinfo2` can't be called (it returns its structure through a pointer
    /// the caller passes, in the first argument's register on x86_64 alone).
    static func now() -> AllocatorBytes {
        #if canImport(Glibc) && arch(x86_64)
        typealias Info = @convention(c) (UnsafeMutablePointer<Int>) -> UnsafeMutablePointer<Int>
        guard let symbol = dlsym(UnsafeMutableRawPointer(bitPattern: 0), "mallinfo2") else { return AllocatorBytes() }
        // struct mallinfo2: arena, ordblks, smblks, hblks, hblkhd, usmblks, fsmblks, uordblks, fordblks, keepcost.
        var fields = [Int](repeating: 0, count: 10)
        _ = fields.withUnsafeMutableBufferPointer { unsafeBitCast(symbol, to: Info.self)($0.baseAddress!) }
        return AllocatorBytes(inUse: fields[7] + fields[4], heaps: fields[0] + fields[4])
        #else
        return AllocatorBytes()
        #endif
    }
}

/// Whether memory figures also say what malloc holds (`--malloc`).
let reportsAllocator = CommandLine.arguments.contains("--malloc")

/// Waits, up to 3 s, until what malloc has handed out stops falling: what a measure before
/// left to be freed later (FoundationNetworking's cancelled timers, which libdispatch frees
/// when it gets to them) would otherwise be in the next one's baseline, and its pages reused
/// unseen.
func settle() async {
    var last = AllocatorBytes.now().inUse
    for _ in 0..<60 {
        try? await Task.sleep(for: .milliseconds(50))
        let now = AllocatorBytes.now().inUse
        if last - now < 16 * 1024 { return }
        last = now
    }
}

/// Runs `operation` and returns its result with the most resident memory above the baseline
/// (taken just before, once malloc's free memory is released) seen meanwhile, sampled every
/// millisecond and once more at the end.
func peakMemory<T>(_ operation: () async throws -> T) async throws -> (T, Int) {
    let (result, peak, _) = try await peakMemoryAndAllocator(operation)
    return (result, peak)
}

/// ``peakMemory(_:)``, with what malloc held above the baseline at the peak (with `--malloc`).
func peakMemoryAndAllocator<T>(_ operation: () async throws -> T) async throws -> (T, Int, AllocatorPeaks) {
    await settle()
    releaseFreeMemory()
    let baseline = residentBytes()
    let allocatorBaseline = reportsAllocator ? AllocatorBytes.now() : AllocatorBytes()
    let peak = ManagedPeak()
    let sampler = Thread {
        while !peak.isStopped {
            peak.record(residentBytes())
            if reportsAllocator { peak.recordAllocator(AllocatorBytes.now()) }
            usleep(1000)
        }
    }
    sampler.start()
    let result = try await operation()
    peak.record(residentBytes())
    peak.stop()
    peak.recordAllocator(AllocatorBytes.now())
    return (result, max(peak.value - baseline, 0), AllocatorPeaks(atPeak: peak.allocator - allocatorBaseline, most: peak.mostAllocator - allocatorBaseline))
}

/// What malloc held above the baseline at the resident peak, and the most it held meanwhile.
struct AllocatorPeaks {
    var atPeak: AllocatorBytes
    var most: AllocatorBytes
}

/// The figures beside a peak with `--malloc`: what malloc had handed out above the baseline
/// at the peak, and how much its heaps had grown.
func allocatorNote(_ bytes: AllocatorPeaks) -> String {
    guard reportsAllocator else { return "" }
    return "; malloc at the peak: \(megabytes(bytes.atPeak.inUse)) in use, heaps \(megabytes(bytes.atPeak.heaps)) larger "
        + "(at most \(megabytes(bytes.most.inUse)) in use, heaps \(megabytes(bytes.most.heaps)) larger)"
}

final class ManagedPeak: @unchecked Sendable {
    private let lock = NSLock()
    private var peak = 0
    private var stopped = false
    var isStopped: Bool { lock.withLock { stopped } }
    var value: Int { lock.withLock { peak } }
    private var allocatorAtPeak = AllocatorBytes()
    private var allocatorMost = AllocatorBytes(inUse: .min, heaps: .min)
    /// The most malloc held at any sample (with `--malloc`).
    var mostAllocator: AllocatorBytes { lock.withLock { allocatorMost } }
    func recordAllocator(_ bytes: AllocatorBytes) {
        lock.withLock {
            allocatorMost = AllocatorBytes(inUse: max(allocatorMost.inUse, bytes.inUse), heaps: max(allocatorMost.heaps, bytes.heaps))
        }
    }
    /// What malloc held when the peak was recorded (with `--malloc`).
    var allocator: AllocatorBytes { lock.withLock { allocatorAtPeak } }
    func record(_ bytes: Int) {
        let isPeak = lock.withLock { bytes > peak }
        // Read outside the lock: mallinfo2 takes malloc's own locks.
        let allocator = isPeak && reportsAllocator ? AllocatorBytes.now() : nil
        lock.withLock {
            guard bytes > peak else { return }
            peak = bytes
            if let allocator { allocatorAtPeak = allocator }
        }
    }
    func stop() { lock.withLock { stopped = true } }
}

func megabytes(_ bytes: Int) -> String { String(format: "%.1f MB", Double(bytes) / 1e6) }

func seconds(_ duration: Duration) -> Double {
    Double(duration.components.seconds) + Double(duration.components.attoseconds) / 1e18
}

func median(_ values: [Double]) -> Double {
    let sorted = values.sorted()
    return sorted[sorted.count / 2]
}

/// The value at `fraction` of the sorted `values` (0.99: the 99th percentile).
func percentile(_ values: [Double], _ fraction: Double) -> Double {
    let sorted = values.sorted()
    return sorted[min(Int(Double(sorted.count) * fraction), sorted.count - 1)]
}

/// `value` against a target it must stay under: `met` or `MISSED`.
func verdict(_ value: Double, under target: Double) -> String { value < target ? "met" : "MISSED" }
