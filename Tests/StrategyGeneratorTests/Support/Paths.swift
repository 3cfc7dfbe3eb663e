import Foundation

/// Places in this package that tests read.
enum Paths {
    /// The package's root folder.
    static let root = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent() // Support
        .deletingLastPathComponent() // StrategyGeneratorTests
        .deletingLastPathComponent() // Tests
        .deletingLastPathComponent()

    static let specs = root.appendingPathComponent("specs")
    static let badSpecs = specs.appendingPathComponent("bad")
    static let goldens = root.appendingPathComponent("Tests/Goldens")

    /// The folder of the built modules, such as `StrategyKit.swiftmodule`.
    static var modules: URL {
        productsFolder.appendingPathComponent("Modules")
    }

    /// Where the package's products are built: beside the test runner.
    static var productsFolder: URL {
        URL(fileURLWithPath: CommandLine.arguments[0]).resolvingSymlinksInPath().deletingLastPathComponent()
    }

    /// The `strategy-gen` executable built beside the test runner.
    static var strategyGen: URL {
        URL(fileURLWithPath: CommandLine.arguments[0])
            .resolvingSymlinksInPath()
            .deletingLastPathComponent()
            .appendingPathComponent("strategy-gen")
    }
}
