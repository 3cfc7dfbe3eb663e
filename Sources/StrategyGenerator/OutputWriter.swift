import Foundation

/// Writes generated files into a folder, leaving a file whose contents are already right untouched
/// so builds that watch timestamps don't redo work.
public enum OutputWriter {
    /// What writing did to each file.
    public enum Change: Equatable, Sendable {
        case created, updated, unchanged
    }

    /// Writes every file into `directory`, creating it if needed; returns each file's change.
    ///
    /// Each file is written whole, through a temporary file, so a reader never sees half of it.
    @discardableResult
    public static func write(_ files: [GeneratedFile], to directory: URL) throws -> [(file: String, change: Change)] {
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        return try files.map { file in
            let url = directory.appendingPathComponent(file.name)
            let data = Data(file.contents.utf8)
            let existing = try? Data(contentsOf: url)
            guard existing != data else { return (file.name, .unchanged) }
            try data.write(to: url, options: .atomic)
            return (file.name, existing == nil ? .created : .updated)
        }
    }

    /// The names of the files in `files` whose contents differ from what `directory` holds.
    public static func outdated(_ files: [GeneratedFile], in directory: URL) -> [String] {
        files.filter { file in
            (try? Data(contentsOf: directory.appendingPathComponent(file.name))) != Data(file.contents.utf8)
        }.map(\.name)
    }
}
