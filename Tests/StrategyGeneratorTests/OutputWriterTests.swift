import Foundation
import Testing
@testable import StrategyGenerator

/// The output folder is always all old or all new: never a temporary file, a half-written file or
/// a mix, and the user's other files and unchanged files stay as they were.
@Suite struct OutputWriterTests {
    private func contents(of folder: URL) throws -> [String: Data] {
        var result: [String: Data] = [:]
        for name in try FileManager.default.contentsOfDirectory(atPath: folder.path) {
            result[name] = try Data(contentsOf: folder.appendingPathComponent(name))
        }
        return result
    }

    private func inode(_ url: URL) throws -> Int? {
        try FileManager.default.attributesOfItem(atPath: url.path)[.systemFileNumber] as? Int
    }

    @Test func rewritingKeepsUnchangedAndForeignFilesAndLeavesNothingBehind() throws {
        let parent = try makeTemporaryDirectory()
        defer { try? FileManager.default.removeItem(at: parent) }
        let folder = parent.appendingPathComponent("Generated")
        try OutputWriter.write([GeneratedFile(name: "a.swift", contents: "a1"), GeneratedFile(name: "b.swift", contents: "b1")], to: folder)
        try Data("mine".utf8).write(to: folder.appendingPathComponent("Notes.md"))
        let unchangedInode = try inode(folder.appendingPathComponent("a.swift"))
        let unchangedDate = try FileManager.default.attributesOfItem(atPath: folder.appendingPathComponent("a.swift").path)[.modificationDate] as? Date

        let changes = try OutputWriter.write([GeneratedFile(name: "a.swift", contents: "a1"), GeneratedFile(name: "b.swift", contents: "b2"), GeneratedFile(name: "c.swift", contents: "c1")], to: folder)

        #expect(changes.map(\.change) == [.unchanged, .updated, .created])
        #expect(try contents(of: folder) == ["a.swift": Data("a1".utf8), "b.swift": Data("b2".utf8), "c.swift": Data("c1".utf8), "Notes.md": Data("mine".utf8)])
        #expect(try inode(folder.appendingPathComponent("a.swift")) == unchangedInode)
        #expect(try FileManager.default.attributesOfItem(atPath: folder.appendingPathComponent("a.swift").path)[.modificationDate] as? Date == unchangedDate)
        #expect(try FileManager.default.contentsOfDirectory(atPath: parent.path) == ["Generated"])
    }

    @Test func aStagingFolderLeftByAKilledRunIsRemovedByTheNext() throws {
        let parent = try makeTemporaryDirectory()
        defer { try? FileManager.default.removeItem(at: parent) }
        let folder = parent.appendingPathComponent("Generated")
        // A process id no process has: a run that was killed.
        let stale = OutputWriter.stagingURL(for: folder, process: Int32.max)
        try FileManager.default.createDirectory(at: stale, withIntermediateDirectories: true)
        try Data("half".utf8).write(to: stale.appendingPathComponent("a.swift"))

        try OutputWriter.write([GeneratedFile(name: "a.swift", contents: "a1")], to: folder)

        #expect(try FileManager.default.contentsOfDirectory(atPath: parent.path) == ["Generated"])
        #expect(try contents(of: folder) == ["a.swift": Data("a1".utf8)])
    }

    @Test func anUnwritableFolderFailsAndKeepsThePreviousOutput() throws {
        guard getuid() != 0 else { return } // root writes anywhere
        let parent = try makeTemporaryDirectory()
        defer {
            try? FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: parent.path)
            try? FileManager.default.removeItem(at: parent)
        }
        let folder = parent.appendingPathComponent("Generated")
        try OutputWriter.write([GeneratedFile(name: "a.swift", contents: "a1")], to: folder)
        try FileManager.default.setAttributes([.posixPermissions: 0o555], ofItemAtPath: parent.path)

        #expect(throws: (any Error).self) { try OutputWriter.write([GeneratedFile(name: "a.swift", contents: "a2")], to: folder) }
        #expect(try contents(of: folder) == ["a.swift": Data("a1".utf8)])
    }

    /// A spec with `count` strategies; `version` changes every generated file.
    private func largeSpec(_ count: Int, version: Int) -> String {
        var text = "api: Big\ndoc: Version \(version).\nservers:\n  production: https://api.example.com\nmodels:\n"
        text += "  User: { id: Int, name: String }\nstrategies:\n"
        for index in 0..<count {
            text += "  GetUser\(index): { GET: \"/users\(index)/{id}\", path: { id: Int }, returns: User }\n"
        }
        return text
    }

    @Test func killingALargeGenerationLeavesTheFolderAllOldOrAllNew() async throws {
        let parent = try makeTemporaryDirectory()
        defer { try? FileManager.default.removeItem(at: parent) }
        let specs = parent.appendingPathComponent("specs")
        try FileManager.default.createDirectory(at: specs, withIntermediateDirectories: true)
        let spec = specs.appendingPathComponent("big.yaml")
        let folder = parent.appendingPathComponent("out").appendingPathComponent("Generated")

        // The old and the new output, for comparison.
        var expected: [[String: Data]] = []
        for version in [1, 2] {
            try largeSpec(2000, version: version).write(to: spec, atomically: true, encoding: .utf8)
            let reference = parent.appendingPathComponent("reference\(version)")
            let result = try await runStrategyGen(["generate", spec.path, "--output", reference.path])
            #expect(result.status == 0)
            expected.append(try contents(of: reference))
        }
        #expect(expected[0] != expected[1])

        try largeSpec(2000, version: 1).write(to: spec, atomically: true, encoding: .utf8)
        #expect(try await runStrategyGen(["generate", spec.path, "--output", folder.path]).status == 0)
        var outcomes = [0, 0]
        for attempt in 0..<12 {
            let version = attempt % 2 + 1
            try largeSpec(2000, version: version).write(to: spec, atomically: true, encoding: .utf8)
            let process = Process()
            process.executableURL = Paths.strategyGen
            process.arguments = ["generate", spec.path, "--output", folder.path]
            process.standardError = FileHandle.nullDevice
            try process.run()
            try await Task.sleep(for: .milliseconds(Int.random(in: 50...600)))
            kill(process.processIdentifier, SIGKILL)
            process.waitUntilExit()

            let found = try contents(of: folder)
            let which = expected.firstIndex(of: found)
            #expect(which != nil, "attempt \(attempt): the folder holds \(found.keys.sorted()), neither the old nor the new set")
            if let which { outcomes[which] += 1 }
            // Make the folder hold what was generated, so the next attempt changes it again.
            if which != version - 1 {
                #expect(try await runStrategyGen(["generate", spec.path, "--output", folder.path]).status == 0)
            }
        }
        #expect(outcomes[0] + outcomes[1] == 12)
        #expect(try await runStrategyGen(["generate", spec.path, "--output", folder.path]).status == 0)
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder.deletingLastPathComponent().path) == ["Generated"])
    }
}
