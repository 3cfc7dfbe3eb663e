import Foundation

/// What a finished command printed, and how it ended.
struct CommandResult {
    var status: Int32
    var standardOutput: String
    var standardError: String
}

/// Runs the built `strategy-gen` as a person would, from the package root.
func runStrategyGen(_ arguments: [String]) async throws -> CommandResult {
    try await run(Paths.strategyGen.path, arguments)
}

/// Runs `command` (a path, or a name looked up on `PATH`) from the package root.
///
/// The waiting happens on a thread of its own, so tests running at the same time keep the
/// concurrency pool's few threads; and commands take turns, leaving a core to the tests that
/// run in this process.
func run(_ command: String, _ arguments: [String]) async throws -> CommandResult {
    await CommandTurns.shared.acquire()
    defer { CommandTurns.shared.release() }
    return try await start(command, arguments)
}

private func start(_ command: String, _ arguments: [String]) async throws -> CommandResult {
    let process = Process()
    if command.contains("/") {
        process.executableURL = URL(fileURLWithPath: command)
        process.arguments = arguments
    } else {
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = [command] + arguments
    }
    process.currentDirectoryURL = Paths.root
    let output = Pipe(), error = Pipe()
    process.standardOutput = output
    process.standardError = error
    try process.run()
    return await withCheckedContinuation { continuation in
        Thread {
            let errorData = ErrorReader(error.fileHandleForReading)
            let outputData = output.fileHandleForReading.readDataToEndOfFile()
            process.waitUntilExit()
            continuation.resume(returning: CommandResult(
                status: process.terminationStatus,
                standardOutput: String(decoding: outputData, as: UTF8.self),
                standardError: String(decoding: errorData.wait(), as: UTF8.self)
            ))
        }.start()
    }
}

/// Lets one command fewer run at a time than there are cores, and at least one.
private final class CommandTurns: @unchecked Sendable {
    static let shared = CommandTurns(turns: max(1, ProcessInfo.processInfo.activeProcessorCount - 1))

    // Guarded by `lock`.
    private var free: Int
    private var waiting: [CheckedContinuation<Void, Never>] = []
    private let lock = NSLock()

    init(turns: Int) { free = turns }

    func acquire() async {
        await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
            let granted = lock.withLock {
                guard free > 0 else {
                    waiting.append(continuation)
                    return false
                }
                free -= 1
                return true
            }
            if granted { continuation.resume() }
        }
    }

    func release() {
        let next = lock.withLock {
            guard !waiting.isEmpty else {
                free += 1
                return nil as CheckedContinuation<Void, Never>?
            }
            return waiting.removeFirst()
        }
        next?.resume()
    }
}

/// Reads a pipe to its end on another thread, so a full standard error can't stall the command.
private final class ErrorReader: @unchecked Sendable {
    // `data` is written once by the reading thread before `done` is signalled.
    private var data = Data()
    private let done = DispatchSemaphore(value: 0)

    init(_ handle: FileHandle) {
        Thread { [self] in
            data = handle.readDataToEndOfFile()
            done.signal()
        }.start()
    }

    func wait() -> Data {
        done.wait()
        return data
    }
}

/// A fresh folder under the system's temporary folder, removed by the caller.
func makeTemporaryDirectory() throws -> URL {
    let url = FileManager.default.temporaryDirectory.appendingPathComponent("strategy-gen-tests-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
    return url
}
