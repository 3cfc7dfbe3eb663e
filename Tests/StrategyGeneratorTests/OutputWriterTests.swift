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

    /// What a user notices of a folder and its files: the folder's inode, each entry's kind,
    /// inode, permissions and contents (a link's target), with subfolders.
    private struct Snapshot: Equatable {
        var folder: Int
        var entries: [String: Entry]

        struct Entry: Equatable {
            var inode: Int
            var permissions: Int
            var contents: String
        }
    }

    private func snapshot(_ folder: URL) throws -> Snapshot {
        let manager = FileManager.default
        var entries: [String: Snapshot.Entry] = [:]
        for name in try manager.subpathsOfDirectory(atPath: folder.path) {
            let path = folder.appendingPathComponent(name).path
            let attributes = try manager.attributesOfItem(atPath: path)
            let type = attributes[.type] as? FileAttributeType
            let contents = type == .typeSymbolicLink ? "-> " + (try manager.destinationOfSymbolicLink(atPath: path))
                : type == .typeDirectory ? "folder" : String(decoding: try Data(contentsOf: URL(fileURLWithPath: path)), as: UTF8.self)
            entries[name] = Snapshot.Entry(inode: attributes[.systemFileNumber] as? Int ?? 0, permissions: attributes[.posixPermissions] as? Int ?? 0, contents: contents)
        }
        return Snapshot(folder: try inode(folder) ?? 0, entries: entries)
    }

    /// A folder holding the user's own files: a note, a subfolder with a file, a symbolic link and
    /// a read-only file.
    private func folderWithUsersFiles(in parent: URL) throws -> URL {
        let folder = parent.appendingPathComponent("Generated")
        let manager = FileManager.default
        try manager.createDirectory(at: folder.appendingPathComponent("Handwritten"), withIntermediateDirectories: true)
        try Data("mine".utf8).write(to: folder.appendingPathComponent("Notes.md"))
        try Data("struct Mine {}".utf8).write(to: folder.appendingPathComponent("Handwritten/Mine.swift"))
        try manager.createSymbolicLink(atPath: folder.appendingPathComponent("Link.md").path, withDestinationPath: "Notes.md")
        try Data("locked".utf8).write(to: folder.appendingPathComponent("Locked.txt"))
        try manager.setAttributes([.posixPermissions: 0o444], ofItemAtPath: folder.appendingPathComponent("Locked.txt").path)
        return folder
    }

    private let oldSet = [GeneratedFile(name: "a.swift", contents: "a1"), GeneratedFile(name: "b.swift", contents: "b1"), GeneratedFile(name: "c.swift", contents: "c1")]
    private let newSet = [GeneratedFile(name: "a.swift", contents: "a2"), GeneratedFile(name: "b.swift", contents: "b1"), GeneratedFile(name: "d.swift", contents: "d1")]

    @Test func theFolderItselfAndTheUsersFilesStayAsTheyWere() throws {
        let parent = try makeTemporaryDirectory()
        defer { try? FileManager.default.removeItem(at: parent) }
        let folder = try folderWithUsersFiles(in: parent)
        try OutputWriter.write(oldSet, to: folder)
        let before = try snapshot(folder)

        let changes = try OutputWriter.write(newSet, to: folder, removing: ["c.swift"])

        #expect(changes.map(\.change) == [.updated, .unchanged, .created, .removed])
        let after = try snapshot(folder)
        #expect(after.folder == before.folder, "the folder was replaced")
        for name in ["Notes.md", "Handwritten", "Handwritten/Mine.swift", "Link.md", "Locked.txt", "b.swift"] {
            #expect(after.entries[name] == before.entries[name], "\(name) changed")
        }
        #expect(after.entries["Link.md"]?.contents == "-> Notes.md")
        #expect(after.entries["Locked.txt"]?.permissions == 0o444)
        #expect(after.entries["a.swift"]?.contents == "a2")
        #expect(after.entries["d.swift"]?.contents == "d1")
        #expect(after.entries["c.swift"] == nil)
        #expect(Set(after.entries.keys) == ["Notes.md", "Handwritten", "Handwritten/Mine.swift", "Link.md", "Locked.txt", "a.swift", "b.swift", "d.swift"])
        #expect(try FileManager.default.contentsOfDirectory(atPath: parent.path) == ["Generated"])
    }

    @Test func aReplacedFileKeepsItsPermissions() throws {
        let folder = try makeTemporaryDirectory()
        defer { try? FileManager.default.removeItem(at: folder) }
        try OutputWriter.write([GeneratedFile(name: "a.swift", contents: "a1")], to: folder)
        try FileManager.default.setAttributes([.posixPermissions: 0o440], ofItemAtPath: folder.appendingPathComponent("a.swift").path)

        try OutputWriter.write([GeneratedFile(name: "a.swift", contents: "a2")], to: folder)

        #expect(try snapshot(folder).entries["a.swift"] == Snapshot.Entry(inode: try inode(folder.appendingPathComponent("a.swift")) ?? 0, permissions: 0o440, contents: "a2"))
    }

    @Test func aRunStoppedAfterAnyStepLeavesAllOldOrAllNewOnceTheNextRunStarts() throws {
        var finished = false
        var outcomes: [String] = []
        for stop in 1...20 where !finished {
            let parent = try makeTemporaryDirectory()
            defer { try? FileManager.default.removeItem(at: parent) }
            let folder = try folderWithUsersFiles(in: parent)
            try OutputWriter.write(oldSet, to: folder)
            let before = try snapshot(folder)

            let result = try OutputWriter.write(newSet, to: folder, removing: ["c.swift"], stoppingAfter: { $0 == stop })
            finished = result != nil
            try OutputWriter.finishInterruptedWrite(in: folder)

            let after = try snapshot(folder)
            #expect(after.folder == before.folder)
            for name in ["Notes.md", "Handwritten", "Handwritten/Mine.swift", "Link.md", "Locked.txt", "b.swift"] {
                #expect(after.entries[name] == before.entries[name], "stopped after step \(stop): \(name) changed")
            }
            let generated = after.entries.filter { $0.key.hasSuffix(".swift") && !$0.key.contains("/") }.mapValues(\.contents)
            let old = ["a.swift": "a1", "b.swift": "b1", "c.swift": "c1"], new = ["a.swift": "a2", "b.swift": "b1", "d.swift": "d1"]
            #expect(generated == old || generated == new, "stopped after step \(stop): the folder holds \(generated)")
            outcomes.append(generated == old ? "old" : "new")
            #expect(after.entries.keys.allSatisfy { !$0.hasPrefix(".") }, "stopped after step \(stop): \(after.entries.keys.sorted())")
        }
        // Two temporary files, the commit, two renames and a removal, then the run finishes.
        #expect(finished)
        #expect(outcomes == ["old", "old", "new", "new", "new", "new", "new"])
    }

    @Test func outputNamingAFileIsRefusedAndTheFileKept() throws {
        let parent = try makeTemporaryDirectory()
        defer { try? FileManager.default.removeItem(at: parent) }
        let file = parent.appendingPathComponent("Client.swift")
        try Data("mine".utf8).write(to: file)

        #expect {
            try OutputWriter.write([GeneratedFile(name: "a.swift", contents: "a1")], to: file)
        } throws: { error in
            "\(error)" == "cannot write into '\(file.path)': it is a file, not a folder; --output names the folder to write the generated files into"
        }
        #expect(try Data(contentsOf: file) == Data("mine".utf8))
    }

    @Test func anUnwritableFolderFailsNamingItAndKeepsThePreviousOutput() throws {
        guard getuid() != 0 else { return } // root writes anywhere
        let folder = try makeTemporaryDirectory()
        defer {
            try? FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: folder.path)
            try? FileManager.default.removeItem(at: folder)
        }
        try OutputWriter.write([GeneratedFile(name: "a.swift", contents: "a1")], to: folder)
        try FileManager.default.setAttributes([.posixPermissions: 0o555], ofItemAtPath: folder.path)

        #expect {
            try OutputWriter.write([GeneratedFile(name: "a.swift", contents: "a2")], to: folder)
        } throws: { error in
            "\(error)" == "cannot write into the folder '\(folder.path)': permission denied"
        }
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
            // What the next run finds once it has completed or rolled back the killed one.
            try OutputWriter.finishInterruptedWrite(in: folder)

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
