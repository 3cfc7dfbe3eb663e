import Foundation

/// How many files a spec's code is written in, and which declarations go in each.
///
/// A spec's code takes one file a part: `users.Models.swift`, `users.Errors.swift`,
/// `users.Strategies.swift`, `users.Client.swift`, `users.Stubs.swift`. A large spec's models and
/// strategies, most of its code, are split into several files each, its models and strategies
/// each in `split` files of about the same size, in the spec's order:
///
///     box.1.Models.swift  box.1.Strategies.swift  box.2.Models.swift  box.2.Strategies.swift
///     …  box.Errors.swift  box.Client.swift  box.Stubs.swift
///
/// The compiler builds a module's files in one job a core, each job a run of neighbouring files:
/// files of about the same size, models beside strategies, give each core a like share and no
/// job a whole 6 MB file to hold in memory.
///
/// The number of files depends on the spec's size in bytes alone, or on what the caller asks, so
/// a build tool knows every name before the generator runs.
public struct FileLayout: Hashable, Sendable {
    /// The files each of the models and the strategies is split into; 1 is a file a part.
    public var split: Int

    /// A spec gets one file of models and one of strategies more for each this many bytes.
    public static let bytesPerSplit = 128 * 1024
    /// The most files the models, or the strategies, are split into.
    public static let maximumSplit = 8

    /// The parts that are split.
    static let splitParts: [GeneratorConfig.Part] = [.models, .strategies]

    public init(split: Int) {
        self.split = min(Self.maximumSplit, max(1, split))
    }

    /// The layout of a spec of `bytes` bytes: a file a part below 256 KiB, then one more file of
    /// models and one of strategies for each 128 KiB, up to 8 of each.
    public init(specBytes bytes: Int) {
        self.init(split: bytes / Self.bytesPerSplit)
    }

    /// The layout of the spec at `path`, by its size; a file a part if it can't be read.
    public init(specAt path: String) {
        let size = (try? FileManager.default.attributesOfItem(atPath: path))?[.size] as? NSNumber
        self.init(specBytes: size?.intValue ?? 0)
    }

    /// Every file's part and name, for the spec whose file name without extension is `stem`: the
    /// split parts' files first, a models file beside each strategies file, then the others.
    public func files(stem: String) -> [(part: GeneratorConfig.Part, name: String)] {
        guard split > 1 else {
            return GeneratorConfig.Part.allCases.map { ($0, "\(stem).\($0.fileSuffix).swift") }
        }
        let splitFiles = (1...split).flatMap { index in
            Self.splitParts.map { part in (part, "\(stem).\(index).\(part.fileSuffix).swift") }
        }
        let others = GeneratorConfig.Part.allCases.filter { !Self.splitParts.contains($0) }.map { ($0, "\(stem).\($0.fileSuffix).swift") }
        return splitFiles + others
    }

    /// `file`, the code of `part`, as the files this layout writes it in: itself, or for a split
    /// part `split` files of neighbouring declarations of about the same size, each with the
    /// file's header and imports and a line saying which part of the whole it holds.
    func lay(_ file: SwiftFile, part: GeneratorConfig.Part, stem: String) -> [SwiftFile] {
        guard split > 1, Self.splitParts.contains(part) else { return [file] }
        let groups = Self.groups(file.declarations)
        let total = groups.reduce(0) { $0 + $1.weight }
        var shards = Array(repeating: [Declaration](), count: split)
        var before = 0
        for group in groups {
            // Each group goes to the file its middle falls in, so the files' sizes differ by at
            // most a group.
            let middle = 2 * before + group.weight
            let index = total == 0 ? 0 : min(split - 1, middle * split / (2 * total))
            shards[index] += group.declarations
            before += group.weight
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
    private static func groups(_ declarations: [Declaration]) -> [(declarations: [Declaration], weight: Int)] {
        var groups: [(declarations: [Declaration], weight: Int)] = []
        for declaration in declarations {
            if case .type(let type) = declaration, type.kind == .extension, let last = groups.last,
               last.declarations.first?.typeName == type.name {
                groups[groups.count - 1].declarations.append(declaration)
                groups[groups.count - 1].weight += declaration.weight
            } else {
                groups.append(([declaration], declaration.weight))
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

    /// About how many lines it takes: what the files of a split part are balanced by.
    var weight: Int {
        switch self {
        case .type(let type): 2 + type.members.reduce(0) { $0 + $1.weight }
        case .property(let property): 1 + (property.getter?.weight ?? 0) + (property.setter?.weight ?? 0)
        case .function(let function): 2 + function.parameters.count + (function.body?.weight ?? 0)
        case .typeAlias, .enumCase: 1
        }
    }
}

extension [Statement] {
    var weight: Int { reduce(0) { $0 + $1.weight } }
}

extension Statement {
    var weight: Int {
        switch self {
        case .line: 1
        case .block(_, let body), .closure(_, _, let body): 2 + body.weight
        case .switchOver(_, let cases): 2 + cases.reduce(0) { $0 + 1 + $1.body.weight }
        case .expression(let expression): expression.weight
        case .assignments(let targets, _): targets.count
        }
    }
}

extension Expression {
    var weight: Int {
        switch self {
        case .code: 1
        case .call(_, let arguments, _), .array(_, let arguments, _): 1 + arguments.reduce(0) { $0 + $1.weight }
        case .dictionary(_, let entries, _): 1 + entries.reduce(0) { $0 + $1.value.weight }
        }
    }
}
