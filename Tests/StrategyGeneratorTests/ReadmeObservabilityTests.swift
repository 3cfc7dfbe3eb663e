import Foundation
import Testing

extension ReadmeTests {
    @Test func theObservabilityProductIsThePackagesAndItsMiddlewaresTypeCheck() async throws {
        let target = try block("swift", startingWith: "// Package.swift\n.target(")
        let callSite = try block("swift", startingWith: "import Logging\nimport StrategyKitObservability\n")
        let manifest = try String(contentsOf: Paths.root.appendingPathComponent("Package.swift"), encoding: .utf8)
        let lines = callSite.split(separator: "\n", omittingEmptySubsequences: false)
        let imports = lines.prefix { $0.hasPrefix("import ") }.map { String($0.dropFirst("import ".count)) }
        let code = lines.drop { $0.hasPrefix("import ") || $0.isEmpty }.joined(separator: "\n")

        let result = try await typeCheck(code + "_ = users\n", against: ["users.yaml"], importing: imports)

        #expect(manifest.contains(#".library(name: "StrategyKitObservability", targets: ["StrategyKitObservability"])"#))
        #expect(target.contains(#".product(name: "StrategyKitObservability", package: "StrategyKit")"#))
        #expect(imports == ["Logging", "StrategyKitObservability"])
        #expect(result.status == 0, "\(result.standardError)")
        #expect(!result.standardError.contains("warning:"), "\(result.standardError)")
    }
}
