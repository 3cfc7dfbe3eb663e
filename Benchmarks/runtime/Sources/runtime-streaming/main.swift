import Foundation

// Streams, uploads and downloads through both transports against a loopback server in a
// process of its own: events/s and MB/s beside the raw transport, resident memory above the
// baseline while streaming (to a fast reader and a slow one), the latency from the server
// sending an event to the caller getting it, how soon the server sees a stopped stream's
// connection closed, and memory for a large upload from a file and download to a file. Each
// figure with a target says whether it is met.
//
//   swift run -c release runtime-streaming          the full run (figures in ../RESULTS.md)
//   swift run runtime-streaming --quick             a short run for CI: small sizes, same paths

if CommandLine.arguments.contains("--serve") { BenchmarkServer.serve() }
let quick = CommandLine.arguments.contains("--quick")

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
for (index, kind) in Kind.allCases.enumerated() {
    let run = Run(kind, port: port, quick: quick)
    try await run.throughput()
    try await run.memory()
    try await run.latency()
    try await run.cancellation(firstID: index * 1000)
    try await run.files()
}
