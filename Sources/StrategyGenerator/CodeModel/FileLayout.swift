import Foundation

/// How many files a spec's code is written in, and which declarations go in each.
///
/// A spec's code takes one file a part: `users.Models.swift`, `users.Errors.swift`,
/// `users.Strategies.swift`, `users.Client.swift`, `users.Stubs.swift`, `users.Samples.swift`. A
/// large spec's models, strategies, samples and client methods, most of its code, are split into
/// several files each: its models, strategies and samples each in `split` files of as many
/// declarations, in the spec's order, and the client's methods in files beside the strategies
/// they send:
///
///     box.1.Client.swift  box.1.Models.swift  box.1.Strategies.swift  box.1.Samples.swift  …
///     box.Errors.swift  box.Client.swift  box.Stubs.swift
///
/// The compiler builds a module's files in one job a core, each job a run of neighbouring files:
/// files of like size, models beside strategies and methods, give each core a like share and no
/// job a whole 6 MB file to hold in memory.
///
/// The number of files depends on the spec's size in bytes alone, or on what the caller asks, so
/// a build tool knows every name before the generator runs.
public struct FileLayout: Hashable, Sendable {
    /// The files each of the models, the strategies and the client's methods is split into; 1 is
    /// a file a part.
    public var split: Int

    /// A spec of twice this many bytes or more is split, into a file of each split part for each
    /// this many bytes, at least ``minimumSplit`` and at most 8; a spec of ``largeSpecBytes`` or
    /// more, into one for each twice this many bytes, at most ``maximumSplit``.
    public static let bytesPerSplit = 64 * 1024
    /// The size from which a spec's files grow by one for each two ``bytesPerSplit``: 1 MiB, where
    /// a spec has 8 of each.
    public static let largeSpecBytes = 1024 * 1024
    /// The fewest files a split part is split into: the compiler's first job takes the first
    /// half of the files, fewer files would give it much more than half the code.
    public static let minimumSplit = 4
    /// The most files a split part is split into. A compiler job costs more per line once it holds
    /// over 100,000 lines, and the driver gives a job at most 25 files: the 290,000 lines of a
    /// 4 MiB spec's client took 10% more CPU in 2 jobs of 8 files a part than in 6 of 32.
    public static let maximumSplit = 32

    /// The parts that are split, each into files `NAME.1.Part.swift` and on. The client keeps its
    /// own file too: its split files hold the strategies' methods.
    static let splitParts: [GeneratorConfig.Part] = [.client, .models, .strategies, .samples]
    /// The parts that have a file `NAME.Part.swift` when the code is split.
    static let wholeParts: [GeneratorConfig.Part] = [.errors, .client, .stubs]

    public init(split: Int) {
        self.split = min(Self.maximumSplit, max(1, split))
    }

    /// The layout of a spec of `bytes` bytes: a file a part below 128 KiB; above, a file of each
    /// split part for each 64 KiB, 4 to 8 of each; from 1 MiB, one for each 128 KiB, at most 32.
    public init(specBytes bytes: Int) {
        let split = bytes / Self.bytesPerSplit
        if split < 2 {
            self.init(split: 1)
        } else if bytes < Self.largeSpecBytes {
            self.init(split: min(8, max(Self.minimumSplit, split)))
        } else {
            self.init(split: bytes / (2 * Self.bytesPerSplit))
        }
    }

    /// The layout of the spec at `path`, by its size; a file a part if it can't be read.
    public init(specAt path: String) {
        let size = (try? FileManager.default.attributesOfItem(atPath: path))?[.size] as? NSNumber
        self.init(specBytes: size?.intValue ?? 0)
    }

    /// Every file's part and name, for the spec whose file name without extension is `stem`: the
    /// split parts' files first, taking turns, then the others.
    public func files(stem: String) -> [(part: GeneratorConfig.Part, name: String)] {
        guard split > 1 else {
            return GeneratorConfig.Part.allCases.map { ($0, "\(stem).\($0.fileSuffix).swift") }
        }
        let splitFiles = (1...split).flatMap { index in
            Self.splitParts.map { part in (part, "\(stem).\(index).\(part.fileSuffix).swift") }
        }
        return splitFiles + Self.wholeParts.map { ($0, "\(stem).\($0.fileSuffix).swift") }
    }

    /// `file`, the code of `part`, as the files this layout writes it in: itself, or for a split
    /// part `split` files of as many neighbouring declarations (give or take one), each with the
    /// file's header and imports and a line saying which part of the whole it holds.
    func lay(_ file: SwiftFile, part: GeneratorConfig.Part, stem: String) -> [SwiftFile] {
        guard split > 1, [.models, .strategies, .samples].contains(part) else { return [file] }
        let groups = Self.groups(file.declarations)
        var shards = Array(repeating: [Declaration](), count: split)
        for (position, group) in groups.enumerated() {
            // As many declarations in each file, give or take one: a declaration that changes
            // changes its own file only, where balancing by size would move the files' borders.
            shards[position * split / groups.count] += group
        }
        return shards.enumerated().map { offset, declarations in
            let names = declarations.compactMap(\.typeName)
            let range = names.first.map { first in
                first == names.last ? "`\(first)`" : "`\(first)` to `\(names.last ?? first)`"
            } ?? "none"
            return SwiftFile(
                name: "\(stem).\(offset + 1).\(part.fileSuffix).swift",
                header: file.header + ["The \(part.rawValue), part \(offset + 1) of \(split): \(range)."],
                imports: file.imports,
                declarations: declarations
            )
        }
    }

    /// The declarations in runs that stay together: each with the extensions of it that follow.
    private static func groups(_ declarations: [Declaration]) -> [[Declaration]] {
        var groups: [[Declaration]] = []
        for declaration in declarations {
            if case .type(let type) = declaration, type.kind == .extension, let last = groups.last,
               last.first?.typeName == type.name {
                groups[groups.count - 1].append(declaration)
            } else {
                groups.append([declaration])
            }
        }
        return groups
    }
}

extension Declaration {
    /// The name of the type it declares or extends.
    var typeName: String? {
        if case .type(let type) = self { type.name } else { nil }
    }
}
