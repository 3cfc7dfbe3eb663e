import AsyncHTTPClient
import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif
import NIOCore
import StrategyKit
import StrategyKitAsyncHTTPClient

// Streams, uploads and downloads through both transports against a loopback server in a
// process of its own: events/s and MB/s beside the raw transport, resident memory above the
// baseline while streaming, the latency from the server sending an event to the caller getting
// it, and memory for a large upload from a file and download to a file.
//
//   swift run -c release runtime-streaming          the full run (figures in ../RESULTS.md)
//   swift run runtime-streaming --quick             a short run for CI: small sizes, same paths

if CommandLine.arguments.contains("--serve") { BenchmarkServer.serve() }
let quick = CommandLine.arguments.contains("--quick")

struct Event: Decodable, Sendable {
    let n: Int
}

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

struct Latency: StreamingStrategy {
    typealias Output = Data
    let count: Int
    func endpoint(for input: Void) -> Endpoint { Endpoint(.get, "/latency", query: ["count": count]) }
    var streamFormat: StreamFormat<Stamped> { .serverSentEvents(of: Stamped.self) }
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

/// The resident memory of this process in bytes.
func residentBytes() -> Int {
    guard let status = try? String(contentsOfFile: "/proc/self/status", encoding: .utf8),
          let line = status.split(separator: "\n").first(where: { $0.hasPrefix("VmRSS:") }),
          let kb = Int(line.split(separator: " ").dropFirst().first ?? "") else { return 0 }
    return kb * 1024
}

/// Runs `operation` and returns its result with the most resident memory above the baseline
/// seen meanwhile, sampled every millisecond.
func peakMemory<T>(_ operation: () async throws -> T) async throws -> (T, Int) {
    let baseline = residentBytes()
    let peak = ManagedPeak()
    let sampler = Thread {
        while !peak.isStopped {
            peak.record(residentBytes())
            usleep(1000)
        }
    }
    sampler.start()
    let result = try await operation()
    peak.stop()
    return (result, max(peak.value - baseline, 0))
}

final class ManagedPeak: @unchecked Sendable {
    private let lock = NSLock()
    private var peak = 0
    private var stopped = false
    var isStopped: Bool { lock.withLock { stopped } }
    var value: Int { lock.withLock { peak } }
    func record(_ bytes: Int) { lock.withLock { peak = max(peak, bytes) } }
    func stop() { lock.withLock { stopped = true } }
}

func megabytes(_ bytes: Int) -> String { String(format: "%.1f MB", Double(bytes) / 1e6) }

// The server, in a process of its own.
let serverProcess = Process()
serverProcess.executableURL = URL(fileURLWithPath: CommandLine.arguments[0])
serverProcess.arguments = ["--serve"]
let portPipe = Pipe()
serverProcess.standardOutput = portPipe
try serverProcess.run()
defer { serverProcess.terminate() }
var portLine = Data()
while !portLine.contains(10) { portLine.append(portPipe.fileHandleForReading.availableData) }
let port = Int(String(decoding: portLine, as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines))!
let base = "http://127.0.0.1:\(port)"

enum Kind: String, CaseIterable {
    case urlSession = "URLSession"
    case asyncHTTPClient = "AsyncHTTPClient"
    var transport: any Transport { self == .urlSession ? URLSessionTransport() : AsyncHTTPClientTransport() }
}

/// Reads a whole response through the transport's own API, counting bytes: the raw transport.
func rawBytes(_ kind: Kind, _ path: String) async throws -> Int {
    switch kind {
    case .urlSession:
        final class Counter: NSObject, URLSessionDataDelegate, @unchecked Sendable {
            var count = 0
            let done = DispatchSemaphore(value: 0)
            func urlSession(_ session: URLSession, dataTask: URLSessionDataTask, didReceive data: Data) { count += data.count }
            func urlSession(_ session: URLSession, task: URLSessionTask, didCompleteWithError error: (any Error)?) { done.signal() }
        }
        let counter = Counter()
        let session = URLSession(configuration: .default, delegate: counter, delegateQueue: nil)
        session.dataTask(with: URL(string: base + path)!).resume()
        await withCheckedContinuation { continuation in
            DispatchQueue.global().async {
                counter.done.wait()
                continuation.resume()
            }
        }
        session.finishTasksAndInvalidate()
        return counter.count
    case .asyncHTTPClient:
        let response = try await HTTPClient.shared.execute(HTTPClientRequest(url: base + path), timeout: .seconds(600))
        var count = 0
        for try await buffer in response.body { count += buffer.readableBytes }
        return count
    }
}

let events = quick ? 1_000 : 10_000
let eventSize = 100
print("streaming benchmark\(quick ? " (quick)" : "") against a loopback server in its own process")
for kind in Kind.allCases {
    let client = StrategyClient(server: Server(scheme: "http", host: "127.0.0.1", port: port), transport: kind.transport,
                                limits: StrategyClient.Limits(maximumResponseBytes: 1 << 40))
    // Events in order, against the raw transport reading the same bytes.
    let clock = ContinuousClock()
    var next = 0
    let streamed = try await clock.measure {
        for try await event in client.stream(Events(count: events, size: eventSize), ()) {
            precondition(event.n == next, "event \(event.n) came where \(next) was due")
            next += 1
        }
    }
    precondition(next == events)
    var rawCount = 0
    let raw = try await clock.measure { rawCount = try await rawBytes(kind, "/events?count=\(events)&size=\(eventSize)") }
    let seconds = { (duration: Duration) in Double(duration.components.seconds) + Double(duration.components.attoseconds) / 1e18 }
    print("\(kind.rawValue): \(events) events in order in \(String(format: "%.0f ms", seconds(streamed) * 1000)): "
        + String(format: "%.0f events/s, %.1f MB/s; raw transport %.1f MB/s", Double(events) / seconds(streamed),
                 Double(rawCount) / 1e6 / seconds(streamed), Double(rawCount) / 1e6 / seconds(raw)))

    // Memory while streaming 1 MB and 100 MB of events.
    for megabytesStreamed in quick ? [1, 10] : [1, 100] {
        let count = megabytesStreamed * 1_000_000 / 1000
        let (_, peak) = try await peakMemory {
            var seen = 0
            for try await _ in client.stream(Events(count: count, size: 1000), ()) { seen += 1 }
            precondition(seen == count)
        }
        print("\(kind.rawValue): \(megabytesStreamed) MB stream, peak RSS above baseline \(megabytes(peak))")
    }

    // Latency from the server's send to the caller.
    var latencies: [Double] = []
    for try await stamped in client.stream(Latency(count: quick ? 20 : 200), ()) {
        latencies.append(Double(monotonicNanoseconds() - stamped.sent) / 1e6)
    }
    latencies.sort()
    print("\(kind.rawValue): server send to caller, p50 \(String(format: "%.2f ms", latencies[latencies.count / 2])), "
        + "p99 \(String(format: "%.2f ms", latencies[min(latencies.count * 99 / 100, latencies.count - 1)]))")

    // A large upload from a file and download to a file.
    let size = quick ? 64 << 20 : 1 << 30
    let file = FileManager.default.temporaryDirectory.appendingPathComponent("runtime-streaming-\(UUID().uuidString)")
    FileManager.default.createFile(atPath: file.path, contents: nil)
    let handle = try FileHandle(forWritingTo: file)
    try handle.truncate(atOffset: UInt64(size))
    try handle.close()
    let (answer, uploadPeak) = try await peakMemory { try await client.upload(Upload(), (), body: .file(file)) }
    precondition(String(decoding: answer, as: UTF8.self) == "\(size)", "the server received \(String(decoding: answer, as: UTF8.self)) bytes")
    try FileManager.default.removeItem(at: file)
    let (_, downloadPeak) = try await peakMemory { try await client.download(Bytes(size: size), (), to: file) }
    let landed = (try FileManager.default.attributesOfItem(atPath: file.path)[.size] as? NSNumber)?.intValue
    precondition(landed == size)
    try FileManager.default.removeItem(at: file)
    print("\(kind.rawValue): \(size >> 20) MiB upload from a file, peak RSS above baseline \(megabytes(uploadPeak)); "
        + "download to a file \(megabytes(downloadPeak))")
}
