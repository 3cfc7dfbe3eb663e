import Foundation

// Streams, uploads and downloads through both transports against a loopback server in a
// process of its own: events/s and MB/s beside the raw transport, resident memory above the
// baseline while streaming (to a fast reader and a slow one), the latency from the server
// sending an event to the caller getting it, how soon the server sees a stopped stream's
// connection closed, and memory for a large upload from a file and download to a file. Each
// figure with a target says whether it is met.
//
//   swift run -c release runtime-streaming          the full run (figures in ../RESULTS.md)
//   swift run runtime-streaming --quick             a short run: small sizes, the same paths
//   … --only files,memory                           some of the measures: throughput, memory,
//                                                   latency, cancellation, files
//   … --transports AsyncHTTPClient                  some of the transports: URLSession,
//                                                   AsyncHTTPClient
//   … --malloc                                      beside each stream's peak memory, what
//                                                   glibc's malloc had handed out then and how
//                                                   much its heaps had grown
//   … --megabytes 300                               the large streams' size (100 by default)
//   … --busy-reference                              URLSession's own data task (the reference
//                                                   beside the large stream) with a task
//                                                   computing meanwhile, as a reader decoding

if CommandLine.arguments.contains("--serve") { BenchmarkServer.serve() }
let quick = CommandLine.arguments.contains("--quick")
/// The comma-separated names after `option`, `nil` when it isn't given.
func names(after option: String) -> Set<String>? {
    CommandLine.arguments.firstIndex(of: option).flatMap { index in
        CommandLine.arguments.dropFirst(index + 1).first.map { Set($0.split(separator: ",").map(String.init)) }
    }
}
let only = names(after: "--only")
/// The size of the large streams, in megabytes.
let largeStream = names(after: "--megabytes").flatMap { $0.first.flatMap { Int($0) } } ?? 100
let busyReference = CommandLine.arguments.contains("--busy-reference")
let transports = names(after: "--transports")
func measures(_ name: String) -> Bool { only?.contains(name) ?? true }

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

print("streaming benchmark\(quick ? " (quick)" : "") against a loopback server in its own process")
for (index, kind) in Kind.allCases.enumerated() where transports?.contains(kind.rawValue) ?? true {
    let run = Run(kind, port: port, quick: quick)
    if measures("throughput") { try await run.throughput() }
    if measures("memory") { try await run.memory() }
    if measures("latency") { try await run.latency() }
    if measures("cancellation") { try await run.cancellation(firstID: index * 1000) }
    if measures("files") { try await run.files() }
}
