import Foundation
import Testing

/// Generates the client of `document` (OpenAPI or the spec format), builds it with `main` into a
/// program linked against the runtime, runs it, and returns what it printed; the generation,
/// the build and the run must each succeed.
func runGeneratedProgram(document: String, main: String) async throws -> String {
    let folder = try makeTemporaryDirectory()
    defer { try? FileManager.default.removeItem(at: folder) }
    let spec = folder.appendingPathComponent("api.yaml")
    try Data(document.utf8).write(to: spec)
    let output = folder.appendingPathComponent("Generated")
    let generated = try await runStrategyGen(["generate", spec.path, "--output", output.path])
    try #require(generated.status == 0, "\(generated.standardError)")

    let program = folder.appendingPathComponent("main.swift")
    try Data(("import Foundation\n@_spi(Generated) import StrategyKit\n\n" + main).utf8).write(to: program)
    let sources = try FileManager.default.contentsOfDirectory(atPath: output.path).filter { $0.hasSuffix(".swift") }.sorted()
        .map { output.appendingPathComponent($0).path }
    let executable = folder.appendingPathComponent("program")
    let built = try await run("swiftc", ["-swift-version", "6", "-I", Paths.modules.path, program.path] + sources + runtimeObjects() + sanitizer + ["-o", executable.path])
    try #require(built.status == 0, "\(built.standardError)")
    #expect(!built.standardError.contains("warning:"), "\(built.standardError)")

    let ran = try await run(executable.path, [])
    try #require(ran.status == 0, "\(ran.standardOutput)\(ran.standardError)")
    return ran.standardOutput
}

/// The sanitizer the runtime's objects were built with: the one this test process runs under
/// (`swift test --sanitize=thread` builds them both so).
private var sanitizer: [String] {
    dlsym(dlopen(nil, RTLD_NOW), "__tsan_init") == nil ? [] : ["-sanitize=thread"]
}

/// The object files of the runtime and of the modules it depends on, as built for the tests.
private func runtimeObjects() throws -> [String] {
    let modules = ["StrategyKit", "Logging", "CoreMetrics", "Metrics", "Tracing", "Instrumentation", "ServiceContextModule", "HTTPTypes"]
    return try modules.flatMap { module in
        let folder = Paths.productsFolder.appendingPathComponent("\(module).build")
        return try FileManager.default.contentsOfDirectory(atPath: folder.path).filter { $0.hasSuffix(".o") }.sorted()
            .map { folder.appendingPathComponent($0).path }
    }
}
