import Foundation
#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// Writes generated files into a folder as one set: a run that fails or is killed leaves the folder
/// as it was or as it should be, never a mix, never a temporary file in it.
///
/// The new folder is built beside the old one, in a hidden staging folder on the same file system:
/// files whose contents are already right, and files the generator doesn't own, are hard links to
/// the old ones (so their timestamps don't change and builds that watch them don't redo work), the
/// rest are written and flushed to disk. Then the two folders are exchanged in one atomic rename
/// (`renameat2(RENAME_EXCHANGE)` on Linux, `renamex_np(RENAME_SWAP)` on macOS) and the old one is
/// removed. Staging folders left by a killed run are removed by the next run.
public enum OutputWriter {
    /// What writing did to each file.
    public enum Change: Equatable, Sendable {
        case created, updated, unchanged
    }

    /// Writes every file into `directory`, creating it if needed; returns each file's change.
    @discardableResult
    public static func write(_ files: [GeneratedFile], to directory: URL) throws -> [(file: String, change: Change)] {
        // A symbolic link to the folder is kept; the folder it points to is what gets exchanged.
        let directory = directory.standardizedFileURL.resolvingSymlinksInPath()
        let manager = FileManager.default
        try manager.createDirectory(at: directory.deletingLastPathComponent(), withIntermediateDirectories: true)
        removeStaleStaging(for: directory)
        restoreIfInterrupted(directory)

        let changes: [(file: String, change: Change)] = files.map { file in
            let existing = try? Data(contentsOf: directory.appendingPathComponent(file.name))
            let change: Change = existing == nil ? .created : existing == Data(file.contents.utf8) ? .unchanged : .updated
            return (file.name, change)
        }
        let exists = manager.fileExists(atPath: directory.path)
        if exists, changes.allSatisfy({ $0.change == .unchanged }) { return changes }

        let staging = stagingURL(for: directory, process: getpid())
        try? manager.removeItem(at: staging)
        do {
            try manager.createDirectory(at: staging, withIntermediateDirectories: false)
            let written = Set(changes.filter { $0.change != .unchanged }.map(\.file))
            if exists {
                // Everything the new folder keeps from the old one, as hard links.
                for name in try manager.contentsOfDirectory(atPath: directory.path) where !written.contains(name) {
                    try keep(directory.appendingPathComponent(name), as: staging.appendingPathComponent(name))
                }
                if let mode = try manager.attributesOfItem(atPath: directory.path)[.posixPermissions] {
                    try manager.setAttributes([.posixPermissions: mode], ofItemAtPath: staging.path)
                }
            }
            for file in files where written.contains(file.name) {
                try writeDurably(Data(file.contents.utf8), to: staging.appendingPathComponent(file.name))
            }
            try sync(staging)
            if exists {
                try exchange(staging, directory)
                try? manager.removeItem(at: staging)
            } else {
                try move(staging, to: directory)
            }
            try? sync(directory.deletingLastPathComponent())
        } catch {
            try? manager.removeItem(at: staging)
            throw error
        }
        return changes
    }

    /// The names of the files in `files` whose contents differ from what `directory` holds.
    public static func outdated(_ files: [GeneratedFile], in directory: URL) -> [String] {
        files.filter { file in
            (try? Data(contentsOf: directory.appendingPathComponent(file.name))) != Data(file.contents.utf8)
        }.map(\.name)
    }

    // MARK: - Staging

    /// `.NAME.strategy-gen-staging-PID` beside `directory`: hidden, outside it, on its file system.
    static func stagingURL(for directory: URL, process: Int32) -> URL {
        directory.deletingLastPathComponent().appendingPathComponent(".\(directory.lastPathComponent).strategy-gen-staging-\(process)")
    }

    /// `.NAME.strategy-gen-previous`: where the old folder waits while the new one is renamed in,
    /// on systems that can't exchange two folders atomically.
    static func previousURL(for directory: URL) -> URL {
        directory.deletingLastPathComponent().appendingPathComponent(".\(directory.lastPathComponent).strategy-gen-previous")
    }

    /// Removes staging folders of runs that are no longer running.
    private static func removeStaleStaging(for directory: URL) {
        let parent = directory.deletingLastPathComponent()
        let prefix = ".\(directory.lastPathComponent).strategy-gen-staging-"
        for name in (try? FileManager.default.contentsOfDirectory(atPath: parent.path)) ?? [] where name.hasPrefix(prefix) {
            guard let process = Int32(name.dropFirst(prefix.count)) else { continue }
            if process == getpid() || kill(process, 0) != 0 && errno == ESRCH {
                try? FileManager.default.removeItem(at: parent.appendingPathComponent(name))
            }
        }
    }

    /// After a run killed between its two renames (only where folders can't be exchanged), puts the
    /// previous output back, or removes it if the new one made it in.
    private static func restoreIfInterrupted(_ directory: URL) {
        let previous = previousURL(for: directory)
        let manager = FileManager.default
        guard manager.fileExists(atPath: previous.path) else { return }
        if manager.fileExists(atPath: directory.path) {
            try? manager.removeItem(at: previous)
        } else {
            try? move(previous, to: directory)
        }
    }

    /// Puts `item` into the staging folder as `copy`: a hard link for a file or symbolic link,
    /// a copy of anything else (or where the file system has no hard links).
    private static func keep(_ item: URL, as copy: URL) throws {
        let type = try FileManager.default.attributesOfItem(atPath: item.path)[.type] as? FileAttributeType
        if type != .typeDirectory, link(item.path, copy.path) == 0 { return }
        try FileManager.default.copyItem(at: item, to: copy)
    }

    private static func writeDurably(_ data: Data, to url: URL) throws {
        let descriptor = open(url.path, O_WRONLY | O_CREAT | O_EXCL, 0o644)
        guard descriptor >= 0 else { throw posixError("cannot create '\(url.path)'") }
        defer { close(descriptor) }
        guard writeAll(data, to: descriptor) else { throw posixError("cannot write '\(url.path)'") }
        guard fsync(descriptor) == 0 else { throw posixError("cannot flush '\(url.path)'") }
    }

    private static func sync(_ folder: URL) throws {
        let descriptor = open(folder.path, O_RDONLY)
        guard descriptor >= 0 else { throw posixError("cannot open '\(folder.path)'") }
        defer { close(descriptor) }
        guard fsync(descriptor) == 0 else { throw posixError("cannot flush '\(folder.path)'") }
    }

    private static func move(_ from: URL, to: URL) throws {
        guard rename(from.path, to.path) == 0 else { throw posixError("cannot rename '\(from.path)' to '\(to.path)'") }
    }

    /// Swaps two folders in one step; where the system can't, renames the old one aside, the new
    /// one in, and then removes the old (an interrupted run is completed by the next one).
    private static func exchange(_ staging: URL, _ directory: URL) throws {
        if exchangeAtomically(staging.path, directory.path) { return }
        let previous = previousURL(for: directory)
        try? FileManager.default.removeItem(at: previous)
        try move(directory, to: previous)
        try move(staging, to: directory)
        try? FileManager.default.removeItem(at: previous)
    }

    private static func exchangeAtomically(_ first: String, _ second: String) -> Bool {
        #if os(Linux)
        typealias RenameAt2 = @convention(c) (Int32, UnsafePointer<CChar>, Int32, UnsafePointer<CChar>, UInt32) -> Int32
        guard let symbol = dlsym(nil, "renameat2") else { return false }
        let renameat2 = unsafeBitCast(symbol, to: RenameAt2.self)
        let exchange: UInt32 = 1 << 1  // RENAME_EXCHANGE
        return renameat2(AT_FDCWD, first, AT_FDCWD, second, exchange) == 0
        #elseif canImport(Darwin)
        return renamex_np(first, second, UInt32(RENAME_SWAP)) == 0
        #else
        return false
        #endif
    }

    private static func posixError(_ message: String) -> Error {
        let code = errno
        return NSError(domain: NSPOSIXErrorDomain, code: Int(code), userInfo: [
            NSLocalizedDescriptionKey: "\(message): \(String(cString: strerror(code)))",
        ])
    }
}

/// Writes all of `data` to an open file; false on an error (with `errno` set).
private func writeAll(_ data: Data, to descriptor: Int32) -> Bool {
    data.withUnsafeBytes { buffer in
        var offset = 0
        while offset < buffer.count {
            let count = write(descriptor, buffer.baseAddress! + offset, buffer.count - offset)
            guard count > 0 else { return false }
            offset += count
        }
        return true
    }
}
