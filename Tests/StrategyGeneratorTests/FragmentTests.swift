import Foundation
import StrategyGenerator
import Testing

/// Small spec fragments → the one declaration each is about, grouped by feature under
/// `Tests/Goldens/fragments`. Each `NAME.yaml` starts with `# expect: Declaration`, and
/// `NAME.swift` beside it holds that declaration as generated. `RECORD_GOLDENS=1` re-records.
@Suite struct FragmentTests {
    static let folder = Paths.goldens.appendingPathComponent("fragments")

    static let fragments: [String] = {
        let enumerator = FileManager.default.enumerator(atPath: folder.path)
        let files = (enumerator?.allObjects as? [String]) ?? []
        return files.filter { $0.hasSuffix(".yaml") }.map { String($0.dropLast(5)) }.sorted()
    }()

    @Test func everyFeatureHasFragments() {
        let features = Set(Self.fragments.map { $0.split(separator: "/").first.map(String.init) ?? "" })

        #expect(features == ["client", "errors", "models", "naming", "openapi", "samples", "strategies", "stubs"])
    }

    @Test(arguments: fragments)
    func fragmentGeneratesItsExpectedDeclaration(fragment: String) throws {
        let specURL = Self.folder.appendingPathComponent("\(fragment).yaml")
        let text = try String(contentsOf: specURL, encoding: .utf8)
        let expected = try #require(
            text.split(separator: "\n").first.flatMap { $0.hasPrefix("# expect: ") ? String($0.dropFirst(10)) : nil },
            "\(fragment).yaml must start with '# expect: DeclarationName'"
        )
        let loaded = try GeneratorPipeline.load(text: text, file: "\(fragment).yaml")
        // A model's sample extends it in the samples' own file.
        let files = GeneratorPipeline.build(try SpecValidator.validate(loaded))
            .filter { !fragment.hasPrefix("samples/") || $0.name.hasSuffix(".Samples.swift") }
        let declaration = try #require(
            files.flatMap(\.declarations).first { $0.name == expected },
            "no declaration named \(expected) in what \(fragment).yaml generates"
        )
        let generated = GeneratedFile(name: fileName(fragment) + ".swift", contents: SwiftRenderer.render(declaration))

        try Golden.assertMatches([generated], folder: Self.folder.appendingPathComponent(folderName(fragment)), only: true)
    }

    private func fileName(_ fragment: String) -> String {
        String(fragment.split(separator: "/").last ?? "")
    }

    private func folderName(_ fragment: String) -> String {
        fragment.split(separator: "/").dropLast().joined(separator: "/")
    }
}

extension Declaration {
    /// The declared name of a type (for an extension, the type it extends).
    var name: String? {
        if case .type(let type) = self { type.name } else { nil }
    }
}
