import Foundation

/// Runs the built `strategy-gen` as a person would, from the package root.
struct CommandResult {
    var status: Int32
    var standardOutput: String
    var standardError: String
}

func runStrategyGen(_ arguments: [String]) throws -> CommandResult {
    try run(Paths.strategyGen.path, arguments)
}

/// Runs `command` (a path, or a name looked up on `PATH`) from the package root.
func run(_ command: String, _ arguments: [String]) throws -> CommandResult {
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
    let outputData = output.fileHandleForReading.readDataToEndOfFile()
    let errorData = error.fileHandleForReading.readDataToEndOfFile()
    process.waitUntilExit()
    return CommandResult(
        status: process.terminationStatus,
        standardOutput: String(decoding: outputData, as: UTF8.self),
        standardError: String(decoding: errorData, as: UTF8.self)
    )
}

/// A fresh folder under the system's temporary folder, removed by the caller.
func makeTemporaryDirectory() throws -> URL {
    let url = FileManager.default.temporaryDirectory.appendingPathComponent("strategy-gen-tests-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
    return url
}
