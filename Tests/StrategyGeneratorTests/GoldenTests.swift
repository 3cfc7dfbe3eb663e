import Foundation
import StrategyGenerator
import Testing

/// Each shipped spec → the whole generated files kept in `Tests/Goldens/NAME`.
///
/// The same specs are compiled and run through the build plugin by `EndToEndTests`.
@Suite struct GoldenTests {
    @Test(arguments: ["users", "vk", "auctions", "accounts", "petstore"])
    func generatedFilesMatchTheirGoldens(spec: String) throws {
        let generated = try GeneratorPipeline.generate(specAt: Paths.specs.appendingPathComponent("\(spec).yaml").path)

        try Golden.assertMatches(generated.files, folder: Paths.goldens.appendingPathComponent(spec))
    }

    @Test func outputFileNamesComeFromTheSpecFileNameAlone() throws {
        let generated = try GeneratorPipeline.generate(specAt: Paths.specs.appendingPathComponent("users.yaml").path)

        #expect(generated.files.map(\.name) == GeneratorPipeline.outputFileNames(forSpecAt: "anywhere/users.yaml"))
        #expect(GeneratorPipeline.outputFileNames(forSpecAt: "api/shop.v2.yml") == [
            "shop.v2.Models.swift", "shop.v2.Errors.swift", "shop.v2.Strategies.swift", "shop.v2.Client.swift",
            "shop.v2.Stubs.swift",
        ])
    }
}
