import Foundation
#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// Writes generated files into a folder as one set, touching nothing else: not the folder itself,
/// not the other files in it, not their permissions.
///
/// A run writes each changed file beside its target as a hidden temporary file
/// (`.NAME.strategy-gen-new`) and flushes it to disk. Then it commits: it writes a journal
/// (`.strategy-gen-journal`) naming every file to put in place and every file to remove. Then it
/// renames each temporary file over its target, removes the files the journal names, and removes
/// the journal. A run killed before the commit leaves the old set (and temporary files the next
/// run removes); a run killed after it leaves a journal the next run completes before anything
/// else. Either way, once the next run starts, the folder holds all the old files or all the new.
/// Runs on one folder take turns, holding a lock on it.
public enum OutputWriter {
    /// What writing did to each file.
    public enum Change: Equatable, Sendable {
        case created, updated, unchanged, removed
    }

    /// Writes every file into `directory`, creating it if needed, and removes the files named in
    /// `removing`; returns each file's change, the removed files last.
    @discardableResult
    public static func write(_ files: [GeneratedFile], to directory: URL, removing: [String] = []) throws(OutputError) -> [(file: String, change: Change)] {
        // Never asked to stop, it returns every change.
        try write(files, to: directory, removing: removing, stoppingAfter: { _ in false }) ?? []
    }

    /// ``write(_:to:removing:)``, asking `stop` after each step that changes the disk whether to
    /// stop there, as a killed run would: with nothing cleaned up. Returns nil when it stopped.
    @discardableResult
    static func write(
        _ files: [GeneratedFile], to directory: URL, removing: [String], stoppingAfter stop: (Int) -> Bool
    ) throws(OutputError) -> [(file: String, change: Change)]? {
        try createFolder(directory)
        let lock = try Lock(directory)
        defer { lock.release() }
        try finishInterruptedWrite(in: directory)

        let changes: [(file: String, change: Change)] = files.map { file in
            let existing = try? Data(contentsOf: directory.appendingPathComponent(file.name))
            let change: Change = existing == nil ? .created : existing == Data(file.contents.utf8) ? .unchanged : .updated
            return (file.name, change)
        } + removing.filter { exists(directory.appendingPathComponent($0)) }.map { ($0, .removed) }
        let written = files.filter { file in changes.contains { $0.file == file.name && ($0.change == .created || $0.change == .updated) } }
        let removed = changes.filter { $0.change == .removed }.map(\.file)
        guard !written.isEmpty || !removed.isEmpty else { return changes }

        var step = 0
        func stepped() -> Bool {
            step += 1
            return stop(step)
        }
        do {
            for file in written {
                try writeTemporary(file, in: directory)
                if stepped() { return nil }
            }
            let journal = Journal(write: written.map(\.name), remove: removed)
            try journal.commit(in: directory)
            if stepped() { return nil }
            if try journal.complete(in: directory, stoppingAfter: stepped) == false { return nil }
        } catch {
            removeTemporaryFiles(in: directory)
            throw error
        }
        return changes
    }

    /// The names of the files in `files` whose contents differ from what `directory` holds, and of
    /// those in `removing` that it still holds.
    public static func outdated(_ files: [GeneratedFile], in directory: URL, removing: [String] = []) -> [String] {
        files.filter { file in
            (try? Data(contentsOf: directory.appendingPathComponent(file.name))) != Data(file.contents.utf8)
        }.map(\.name) + removing.filter { exists(directory.appendingPathComponent($0)) }
    }

    /// The files of `directory` whose first line is `header`, other than `keeping`: the Swift files
    /// a spec generated before that its run doesn't generate now.
    public static func filesGenerated(withHeader header: String, in directory: URL, keeping: Set<String>) -> [String] {
        let names = (try? FileManager.default.contentsOfDirectory(atPath: directory.path)) ?? []
        return names.sorted().filter { name in
            guard name.hasSuffix(".swift"), !name.hasPrefix("."), !keeping.contains(name) else { return false }
            let url = directory.appendingPathComponent(name)
            guard isRegularFile(url), let handle = FileHandle(forReadingAtPath: url.path) else { return false }
            defer { try? handle.close() }
            let start = (try? handle.read(upToCount: header.utf8.count + 1)) ?? Data()
            return start == Data((header + "\n").utf8)
        }
    }

    // MARK: - Recovery

    /// Completes the write a killed run committed, or removes the temporary files of one killed
    /// before it committed.
    static func finishInterruptedWrite(in directory: URL) throws(OutputError) {
        if let journal = Journal(in: directory) {
            _ = try journal.complete(in: directory, stoppingAfter: { false })
        }
        removeTemporaryFiles(in: directory)
    }

    private static let temporarySuffix = ".strategy-gen-new"

    static func temporaryName(for name: String) -> String { ".\(name)\(temporarySuffix)" }

    private static func removeTemporaryFiles(in directory: URL) {
        let names = (try? FileManager.default.contentsOfDirectory(atPath: directory.path)) ?? []
        for name in names where name.hasPrefix(".") && name.hasSuffix(temporarySuffix) || name == Journal.temporaryName {
            unlink(directory.appendingPathComponent(name).path)
        }
    }

    /// The files to put in place and to remove, written down before the first is touched.
    private struct Journal: Codable {
        static let name = ".strategy-gen-journal"
        static let temporaryName = ".strategy-gen-journal.strategy-gen-new"

        var write: [String]
        var remove: [String]

        init(write: [String], remove: [String]) {
            (self.write, self.remove) = (write, remove)
        }

        /// The journal a killed run left in `directory`, if any.
        init?(in directory: URL) {
            guard let data = try? Data(contentsOf: directory.appendingPathComponent(Self.name)),
                  let journal = try? JSONDecoder().decode(Journal.self, from: data) else { return nil }
            self = journal
        }

        /// Writes the journal under a temporary name and renames it into place: the commit.
        func commit(in directory: URL) throws(OutputError) {
            let data = (try? JSONEncoder().encode(self)) ?? Data()
            let temporary = directory.appendingPathComponent(Self.temporaryName)
            try writeDurably(data, to: temporary, mode: 0o644, folder: directory)
            try move(temporary, to: directory.appendingPathComponent(Self.name), folder: directory)
            try sync(directory)
        }

        /// Puts each temporary file in place, removes what is to be removed, then the journal;
        /// false if `stop` asked to stop.
        func complete(in directory: URL, stoppingAfter stop: () -> Bool) throws(OutputError) -> Bool {
            for name in write {
                let temporary = directory.appendingPathComponent(OutputWriter.temporaryName(for: name))
                // A file already put in place by the run that wrote the journal has no temporary file.
                guard exists(temporary) else { continue }
                try move(temporary, to: directory.appendingPathComponent(name), folder: directory)
                if stop() { return false }
            }
            for name in remove {
                let path = directory.appendingPathComponent(name).path
                guard unlink(path) == 0 || errno == ENOENT else { throw OutputError(folder: directory, file: name, doing: "remove") }
                if stop() { return false }
            }
            try sync(directory)
            unlink(directory.appendingPathComponent(Self.name).path)
            try sync(directory)
            return true
        }
    }

    // MARK: - Files

    /// Creates `directory` and the folders above it that are missing, with the usual permissions.
    private static func createFolder(_ directory: URL) throws(OutputError) {
        var info = stat()
        if stat(directory.path, &info) == 0 {
            guard info.st_mode & S_IFMT == S_IFDIR else { throw OutputError.notAFolder(directory) }
            return
        }
        let parent = directory.deletingLastPathComponent()
        if parent.path != directory.path { try createFolder(parent) }
        guard mkdir(directory.path, 0o777) == 0 || errno == EEXIST else {
            throw OutputError(folder: directory, file: nil, doing: "create")
        }
    }

    /// Writes `file` as its temporary file, with the permissions of the file it replaces.
    private static func writeTemporary(_ file: GeneratedFile, in directory: URL) throws(OutputError) {
        var info = stat()
        let target = directory.appendingPathComponent(file.name)
        let mode = stat(target.path, &info) == 0 && info.st_mode & S_IFMT == S_IFREG ? info.st_mode & 0o7777 : nil
        let temporary = directory.appendingPathComponent(temporaryName(for: file.name))
        unlink(temporary.path)
        try writeDurably(Data(file.contents.utf8), to: temporary, mode: mode, folder: directory, as: file.name)
    }

    /// Writes and flushes a new file; `mode` nil is the usual permissions (0666 less the umask).
    private static func writeDurably(_ data: Data, to url: URL, mode: mode_t?, folder: URL, as name: String? = nil) throws(OutputError) {
        let descriptor = open(url.path, O_WRONLY | O_CREAT | O_EXCL, mode ?? 0o666)
        // Creating a file is a change to the folder: a refusal is the folder's.
        guard descriptor >= 0 else { throw OutputError(folder: folder, file: nil, doing: "write") }
        defer { close(descriptor) }
        guard writeAll(data, to: descriptor),
              mode.map({ fchmod(descriptor, $0) == 0 }) ?? true,
              fsync(descriptor) == 0 else {
            let error = OutputError(folder: folder, file: name, doing: "write")
            unlink(url.path)
            throw error
        }
    }

    private static func sync(_ folder: URL) throws(OutputError) {
        let descriptor = open(folder.path, O_RDONLY)
        guard descriptor >= 0 else { throw OutputError(folder: folder, file: nil, doing: "write") }
        defer { close(descriptor) }
        // Some file systems can't flush a folder; the files in it are flushed already.
        guard fsync(descriptor) == 0 || errno == EINVAL else { throw OutputError(folder: folder, file: nil, doing: "write") }
    }

    private static func move(_ from: URL, to: URL, folder: URL) throws(OutputError) {
        guard rename(from.path, to.path) == 0 else { throw OutputError(folder: folder, file: to.lastPathComponent, doing: "write") }
    }

    private static func exists(_ url: URL) -> Bool {
        var info = stat()
        return lstat(url.path, &info) == 0
    }

    private static func isRegularFile(_ url: URL) -> Bool {
        var info = stat()
        return lstat(url.path, &info) == 0 && info.st_mode & S_IFMT == S_IFREG
    }

    /// An exclusive lock on the folder, so runs on it take turns; released when the process ends.
    private struct Lock {
        let descriptor: Int32

        init(_ directory: URL) throws(OutputError) {
            descriptor = open(directory.path, O_RDONLY)
            guard descriptor >= 0 else { throw OutputError(folder: directory, file: nil, doing: "write") }
            while flock(descriptor, LOCK_EX) != 0 && errno == EINTR {}
        }

        func release() {
            close(descriptor)
        }
    }
}

/// Why the output folder couldn't be written, in words that name the folder or file the user
/// gave, never a temporary file.
public struct OutputError: Error, Sendable, CustomStringConvertible {
    public var description: String

    init(description: String) {
        self.description = description
    }

    /// From `errno`, after a failed system call on `file` of `folder` (or on `folder` itself).
    init(folder: URL, file: String?, doing action: String) {
        let code = errno
        let reason: String
        switch code {
        case EACCES, EPERM: reason = "permission denied"
        case EROFS: reason = "the file system is read-only"
        case ENOSPC, EDQUOT: reason = "the disk is full"
        case ENOTDIR: reason = "part of the path is a file, not a folder"
        default: reason = String(cString: strerror(code)).lowercased()
        }
        if let file {
            description = "cannot \(action) '\(folder.appendingPathComponent(file).path)': \(reason)"
        } else if action == "create" {
            description = "cannot create the folder '\(folder.path)': \(reason)"
        } else {
            description = "cannot write into the folder '\(folder.path)': \(reason)"
        }
    }

    static func notAFolder(_ url: URL) -> OutputError {
        OutputError(description: "cannot write into '\(url.path)': it is a file, not a folder; --output names the folder to write the generated files into")
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
