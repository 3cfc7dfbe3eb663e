import Foundation
import StrategyGenerator
import Testing

/// A caller sees a deprecation warning exactly where it touches a part the document deprecates:
/// code that calls, builds, decodes and encodes around the deprecated parts builds with warnings
/// as errors, and each use of a deprecated part warns.
@Suite struct DeprecationCallerTests {
    struct Caller: CustomTestStringConvertible, Sendable {
        var fragment: String
        /// Uses everything the fragment generates but its deprecated parts.
        var clean: String
        /// Each touches one deprecated part.
        var touching: [String]

        var testDescription: String { fragment }
    }

    static let callers = [
        Caller(
            fragment: "openapi/deprecated-parts-of-a-call",
            clean: """
                let completion = try await api.createCompletion(prompt: "Hello")
                _ = completion.text
                _ = try await api.client.call(CreateCompletion(), CreateCompletion.Input(prompt: "Hello"))
                """,
            touching: [
                #"_ = try await api.createCompletion(prompt: "Hello", maxTokens: 5)"#,
                #"_ = try await api.createCompletion(legacyMode: true, prompt: "Hello")"#,
                #"_ = CreateCompletion.Input(prompt: "Hello", functions: [])"#,
                #"_ = try await api.getEngine(engine: .ada)"#,
            ]
        ),
        Caller(
            fragment: "openapi/deprecated-schema-in-an-optional-property",
            clean: """
                let completion = try await api.getCompletion(id: "1")
                _ = (completion.id, completion.text)
                _ = try JSONDecoder().decode(Completion.self, from: Data(#"{"id": "1", "text": "Hi"}"#.utf8))
                _ = Completion(id: "1", text: "Hi")
                """,
            touching: [
                #"_ = try await api.getCompletion(id: "1").functionCall"#,
                #"_ = Completion(id: "1", text: "Hi", functionCall: nil)"#,
            ]
        ),
        Caller(
            fragment: "openapi/deprecated-union-member",
            clean: """
                let choice = ToolChoice.namedTool(NamedTool(type: .tool, name: "search"))
                _ = try JSONEncoder().encode(choice)
                try await api.createRun(toolChoice: choice)
                """,
            touching: [
                #"_ = ToolChoice.legacyFunction(LegacyFunction(function: "f"))"#,
            ]
        ),
    ]

    @Test(arguments: callers)
    func callerOfTheUndeprecatedPartsBuildsWithWarningsAsErrors(caller: Caller) async throws {
        let result = try await typeCheck(caller, body: caller.clean, extraFlags: ["-warnings-as-errors"])

        #expect(result.status == 0, "\(result.standardError)")
    }

    @Test(arguments: callers)
    func touchingEachDeprecatedPartWarns(caller: Caller) async throws {
        for line in caller.touching {
            let result = try await typeCheck(caller, body: line, extraFlags: [])

            #expect(result.status == 0, "\(line): \(result.standardError)")
            #expect(result.standardError.components(separatedBy: "is deprecated").count > 1, "no warning for: \(line)")
        }
    }

    private func typeCheck(_ caller: Caller, body: String, extraFlags: [String]) async throws -> CommandResult {
        let folder = try makeTemporaryDirectory()
        defer { try? FileManager.default.removeItem(at: folder) }
        let spec = FragmentTests.folder.appendingPathComponent("\(caller.fragment).yaml")
        let generated = try GeneratorPipeline.generate(specAt: spec.path)
        try OutputWriter.write(generated.files, to: folder)
        let client = try #require(
            generated.files.first { $0.name.hasSuffix(".Client.swift") }?.contents
                .firstMatch(of: /public struct (\w+Client): Sendable/)?.1
        )
        let callerFile = folder.appendingPathComponent("Caller.swift")
        let indented = body.split(separator: "\n").map { "    " + $0 }.joined(separator: "\n")
        try """
            import Foundation
            import StrategyKit

            func use(_ api: \(client)) async throws {
            \(indented)
            }

            """.write(to: callerFile, atomically: true, encoding: .utf8)
        let sources = generated.files.map { folder.appendingPathComponent($0.name).path } + [callerFile.path]
        return try await run("swiftc", ["-swift-version", "6", "-typecheck", "-I", Paths.modules.path] + extraFlags + sources)
    }
}
