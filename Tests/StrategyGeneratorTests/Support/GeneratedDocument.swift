import Foundation
@testable import StrategyGenerator

/// Runs every stage on `text`, written as `name` in a folder of its own, as a document the
/// user brings.
func generateDocument(_ text: String, name: String) throws -> GeneratedSpec {
    let folder = try makeTemporaryDirectory()
    let file = folder.appendingPathComponent(name)
    try text.write(to: file, atomically: true, encoding: .utf8)
    return try GeneratorPipeline.generate(specAt: file.path)
}

extension GeneratedSpec {
    /// The text of the generated file of `part` (`Models`, `Strategies`, …); empty when there is none.
    func source(_ part: String) -> String {
        files.first { $0.name.hasSuffix(".\(part).swift") }?.contents ?? ""
    }
}
