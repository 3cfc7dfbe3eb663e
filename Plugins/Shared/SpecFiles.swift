import Foundation

/// The spec files and the configuration file among a target's files.
///
/// The plugins can't link the generator, so this file repeats what they share with it: the
/// configuration's file names, the generated files' names and how a large spec's files are
/// split. The generator's tests compile this file too and hold it to `GeneratorConfig` and
/// `FileLayout`.
struct SpecFiles {
    /// The configuration file's names; `strategy-gen --config` reads it.
    static let configNames = ["strategy-gen-config.yaml", "strategy-gen-config.yml"]

    /// The files the generator writes for one spec, by the spec's file name without extension.
    static let outputSuffixes = ["Models", "Errors", "Strategies", "Client", "Stubs", "Samples"]
    /// The parts a large spec's code splits into several files each, and those that keep a file
    /// of their own then.
    static let splitSuffixes = ["Client", "Models", "Strategies", "Samples"]
    static let wholeSuffixes = ["Errors", "Client", "Stubs"]
    /// A spec of twice this many bytes or more is split into a file of each split part for each
    /// this many bytes, `minimumSplit` to 8 of each; a spec of `largeSpecBytes` or more, into one
    /// for each twice this many bytes, at most `maximumSplit`.
    static let bytesPerSplit = 64 * 1024
    static let largeSpecBytes = 1024 * 1024
    static let minimumSplit = 4
    static let maximumSplit = 32

    /// How many files the generator splits the models and the strategies of `spec` into, by its
    /// size, as `strategy-gen generate` does unless told (`--split`).
    static func split(of spec: URL) -> Int {
        let size = (try? FileManager.default.attributesOfItem(atPath: spec.path))?[.size] as? NSNumber
        let bytes = size?.intValue ?? 0
        let split = bytes / bytesPerSplit
        if split < 2 { return 1 }
        if bytes < largeSpecBytes { return min(8, max(minimumSplit, split)) }
        return min(maximumSplit, bytes / (2 * bytesPerSplit))
    }

    /// The names of the files generated from the spec whose file name without extension is
    /// `stem`, its models and strategies split into `split` files each.
    static func outputNames(stem: String, split: Int) -> [String] {
        guard split > 1 else { return outputSuffixes.map { "\(stem).\($0).swift" } }
        let splitFiles = (1...split).flatMap { index in splitSuffixes.map { "\(stem).\(index).\($0).swift" } }
        return splitFiles + wholeSuffixes.map { "\(stem).\($0).swift" }
    }

    var specs: [URL]
    var config: URL?
    /// The target's other YAML and JSON files, which an OpenAPI document split over files may
    /// refer to with `$ref`.
    var parts: [URL]

    /// Sorts `files` into specs and the configuration. A spec is a StrategyKit spec (its top level
    /// names the API: `api: Users`) or an OpenAPI 3.0 or 3.1 or Swagger 2.0 document (`openapi:`
    /// or `swagger:` at its top level), in YAML (`.yaml`, `.yml`) or JSON (`.json`). Other files
    /// are not ours.
    init(_ files: [URL], target: String) throws {
        let candidates = files.filter { ["yaml", "yml", "json"].contains($0.pathExtension) }.sorted { $0.path < $1.path }
        let configs = candidates.filter { Self.configNames.contains($0.lastPathComponent) }
        guard configs.count <= 1 else {
            throw PluginError.severalConfigs(target: target, files: configs.map(\.path))
        }
        config = configs.first
        let specs = candidates.filter { !Self.configNames.contains($0.lastPathComponent) && Self.isSpec($0) }
        self.specs = specs
        parts = candidates.filter { !Self.configNames.contains($0.lastPathComponent) && !specs.contains($0) }
        var stems: [String: URL] = [:]
        for spec in specs {
            let stem = spec.deletingPathExtension().lastPathComponent
            if let other = stems[stem] {
                throw PluginError.sameStem(target: target, first: other.path, second: spec.path)
            }
            stems[stem] = spec
        }
    }

    /// The top-level keys that make a file ours.
    static let specKeys = ["api", "openapi", "swagger"]

    /// Whether the file at `url` names an API at its top level (`api: Users`), as every spec does,
    /// or says which OpenAPI version it is written in. `openapi` and `swagger` are matched in any
    /// case, so the generator can point out a misspelt `openAPI:` rather than skip the file.
    static func isSpec(_ url: URL) -> Bool {
        guard let data = try? Data(contentsOf: url) else { return false }
        func isSpecKey(_ key: String) -> Bool {
            key == "api" || key.lowercased() == "openapi" || key.lowercased() == "swagger"
        }
        if url.pathExtension == "json" {
            guard let object = try? JSONSerialization.jsonObject(with: data) as? [String: Any] else { return false }
            return object.keys.contains(where: isSpecKey)
        }
        return String(decoding: data, as: UTF8.self).split(whereSeparator: \.isNewline).contains { line in
            guard let colon = line.firstIndex(of: ":") else { return false }
            var key = line[..<colon]
            if key.hasSuffix(" ") { key = key.dropLast() }
            if key.count >= 2, let quote = key.first, quote == "\"" || quote == "'", key.last == quote {
                key = key.dropFirst().dropLast()
            }
            return isSpecKey(String(key))
        }
    }

    /// The other files `spec` may read, directly or through another: every spec or part of the
    /// target whose file name its text mentions (a spec it uses, a file an OpenAPI document's
    /// `$ref` names). A mention in a comment makes the build rerun a little more often, never less
    /// often than it must.
    func dependencies(of spec: URL) -> [URL] {
        var found: [URL] = []
        var pending = [spec]
        while let current = pending.popLast() {
            guard let text = try? String(contentsOf: current, encoding: .utf8) else { continue }
            for other in specs + parts where other != spec && !found.contains(other) && text.contains(other.lastPathComponent) {
                found.append(other)
                pending.append(other)
            }
        }
        return found.sorted { $0.path < $1.path }
    }

    /// The arguments of `strategy-gen generate` that write `specs` into `output`; `quiet` leaves
    /// out the line a spec that says what was written; `plainDiagnostics` prints each problem on
    /// one line, without the spec's line under it; `split` says into how many files the models
    /// and the strategies are split, rather than leave it to each spec's size.
    func generateArguments(_ specs: [URL], output: URL, placeholders: Bool, quiet: Bool = false, plainDiagnostics: Bool = false, split: Int? = nil) -> [String] {
        var arguments = ["generate"] + specs.map(\.path) + ["--output", output.path]
        if let config { arguments += ["--config", config.path] }
        if placeholders { arguments.append("--placeholders") }
        if quiet { arguments.append("--quiet") }
        if plainDiagnostics { arguments += ["--diagnostic-style", "plain"] }
        if let split { arguments += ["--split", String(split)] }
        return arguments
    }
}

enum PluginError: Error, CustomStringConvertible {
    case notASourceTarget(String)
    case noSpec(target: String, directory: String)
    case severalConfigs(target: String, files: [String])
    case sameStem(target: String, first: String, second: String)
    case generatorFailed(target: String)

    var description: String {
        switch self {
        case .notASourceTarget(let name):
            "StrategyKit's plugins work on source targets; '\(name)' is not one"
        case .noSpec(let target, let directory):
            "target '\(target)' uses StrategyGenPlugin but holds no spec: add an API spec such as 'api.yaml', whose top level names the API ('api: Name'), or an OpenAPI document, to \(directory)"
        case .severalConfigs(let target, let files):
            "target '\(target)' holds more than one configuration file (\(files.joined(separator: ", "))); keep one"
        case .sameStem(let target, let first, let second):
            "target '\(target)' holds two specs that would write files of the same names: \(first) and \(second); rename one"
        case .generatorFailed(let target):
            "strategy-gen could not generate the client of target '\(target)'; its problems are listed above"
        }
    }
}
