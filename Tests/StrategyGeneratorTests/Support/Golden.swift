import Foundation
import StrategyGenerator
import Testing

/// Compares generated files with the expected files kept in a folder under `Tests/Goldens`.
///
/// Set `RECORD_GOLDENS=1` to write the generated files as the new expectation; a recording run
/// fails on purpose, so it can't pass unnoticed. Where `CI` is set, the switch is refused and
/// the files are compared as usual: CI never records.
enum Golden {
    /// Whether `environment` asks to record, and may.
    static func isRecording(in environment: [String: String]) -> Bool {
        environment["RECORD_GOLDENS"] == "1" && !isCI(environment)
    }

    static func isCI(_ environment: [String: String]) -> Bool {
        guard let value = environment["CI"] else { return false }
        return !["", "0", "false"].contains(value.lowercased())
    }

    /// - Parameter only: compare just these files; the folder may hold others (fragments share folders).
    static func assertMatches(
        _ files: [GeneratedFile],
        folder: URL,
        only: Bool = false,
        sourceLocation: Testing.SourceLocation = #_sourceLocation
    ) throws {
        for problem in try problems(files, folder: folder, only: only) {
            Issue.record(Comment(rawValue: problem), sourceLocation: sourceLocation)
        }
    }

    /// What is wrong with `files` against the folder's goldens, one message each; when
    /// recording, the files are written and the one message says so.
    static func problems(
        _ files: [GeneratedFile],
        folder: URL,
        only: Bool = false,
        environment: [String: String] = ProcessInfo.processInfo.environment
    ) throws -> [String] {
        var problems: [String] = []
        if isRecording(in: environment) {
            if !only { try? FileManager.default.removeItem(at: folder) }
            try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
            for file in files {
                try Data(file.contents.utf8).write(to: folder.appendingPathComponent(file.name))
            }
            return ["recorded \(files.count) golden files in \(folder.path); run again without RECORD_GOLDENS to check them"]
        }
        if environment["RECORD_GOLDENS"] == "1" {
            problems.append("RECORD_GOLDENS is refused where CI is set: goldens are recorded by hand and committed")
        }
        let expectedNames = only ? [] : Set((try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? [])
        for name in expectedNames.subtracting(files.map(\.name)).sorted() {
            problems.append("golden file \(name) is no longer generated; re-record with RECORD_GOLDENS=1")
        }
        for file in files {
            let url = folder.appendingPathComponent(file.name)
            guard let expected = try? String(contentsOf: url, encoding: .utf8) else {
                problems.append("no golden file \(url.path); record it with RECORD_GOLDENS=1")
                continue
            }
            if expected != file.contents {
                problems.append("\(file.name) differs from its golden file (- expected, + generated):\n\(lineDiff(expected, file.contents))")
            }
        }
        return problems
    }
}

/// A line diff with two lines of context around each change: ` ` same, `-` only in `old`, `+` only in `new`.
func lineDiff(_ old: String, _ new: String) -> String {
    let a = old.components(separatedBy: "\n"), b = new.components(separatedBy: "\n")
    // Longest common subsequence lengths, from the ends.
    var lcs = Array(repeating: Array(repeating: 0, count: b.count + 1), count: a.count + 1)
    for i in stride(from: a.count - 1, through: 0, by: -1) {
        for j in stride(from: b.count - 1, through: 0, by: -1) {
            lcs[i][j] = a[i] == b[j] ? lcs[i + 1][j + 1] + 1 : max(lcs[i + 1][j], lcs[i][j + 1])
        }
    }
    var lines: [(mark: Character, text: String)] = []
    var i = 0, j = 0
    while i < a.count || j < b.count {
        if i < a.count, j < b.count, a[i] == b[j] {
            lines.append((" ", a[i])); i += 1; j += 1
        } else if i < a.count, j == b.count || lcs[i + 1][j] >= lcs[i][j + 1] {
            lines.append(("-", a[i])); i += 1
        } else {
            lines.append(("+", b[j])); j += 1
        }
    }
    let changed = lines.indices.filter { lines[$0].mark != " " }
    let shown = Set(changed.flatMap { max(0, $0 - 2)...min(lines.count - 1, $0 + 2) })
    var output: [String] = []
    for index in lines.indices where shown.contains(index) {
        if index > 0, !shown.contains(index - 1), !output.isEmpty { output.append("...") }
        output.append("\(lines[index].mark) \(lines[index].text)")
    }
    return output.joined(separator: "\n")
}
