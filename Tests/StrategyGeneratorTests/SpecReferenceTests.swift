import Foundation
import StrategyGenerator
import Testing

/// A spec can use the models and error types of another spec file; each file generates its own code.
@Suite struct SpecReferenceTests {
    let folder: URL

    init() throws {
        folder = try makeTemporaryDirectory()
    }

    func write(_ name: String, _ text: String) throws -> String {
        let url = folder.appendingPathComponent(name)
        try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
        try Data(text.utf8).write(to: url)
        return url.path
    }

    @Test func usedModelsAndErrorsResolveAndTheCodeCompilesTogether() async throws {
        let common = try write("shared/common.yaml", """
            api: Common
            models:
              Money: { amount: Int, currency: String }
            errors:
              CommonError: { status: { 404: notFound } }
            """)
        let shop = try write("shop.yaml", """
            api: Shop
            uses: [shared/common.yaml]
            servers: { production: https://shop.example.com }
            strategies:
              GetBalance: { GET: /balance, returns: Money, errors: CommonError }
            """)

        let files = try GeneratorPipeline.generate(specAt: common).files + GeneratorPipeline.generate(specAt: shop).files
        try OutputWriter.write(files, to: folder.appendingPathComponent("out"))
        let sources = files.map { folder.appendingPathComponent("out/\($0.name)").path }
        let result = try await run("swiftc", ["-swift-version", "6", "-typecheck", "-I", Paths.modules.path] + sources)

        #expect(result.status == 0, "\(result.standardError)")
        #expect(!files.first { $0.name == "shop.Models.swift" }!.contents.contains("struct Money"))
    }

    @Test func aMissingOrBrokenUsedSpecIsReportedWhereItIsUsed() async throws {
        let shop = try write("shop.yaml", """
            api: Shop
            uses: [nowhere.yaml]
            """)

        #expect(throws: DiagnosticsError.self) { try GeneratorPipeline.generate(specAt: shop) }
        do {
            _ = try GeneratorPipeline.generate(specAt: shop)
        } catch {
            let lines = error.diagnostics.map(\.description)
            #expect(lines.contains("\(shop):2:8: error: cannot use 'nowhere.yaml'; it has problems of its own"))
            #expect(lines.contains("\(folder.path)/nowhere.yaml:1:1: error: cannot read the spec: there is no file at this path"))
            #expect(lines.count == 2)
        }
    }

    @Test func specsThatUseEachOtherAreACycle() async throws {
        let first = try write("a.yaml", "api: A\nuses: [b.yaml]\n")
        _ = try write("b.yaml", "api: B\nuses: [a.yaml]\n")

        do {
            _ = try GeneratorPipeline.generate(specAt: first)
            Issue.record("expected the cycle to be an error")
        } catch {
            let messages = error.diagnostics.map(\.message)
            #expect(messages.contains { $0.contains("is used in a cycle of specs (a.yaml → b.yaml → a.yaml)") })
        }
    }

    @Test func aUsedNameCannotBeDefinedAgain() async throws {
        _ = try write("common.yaml", "api: Common\nmodels:\n  Money: { amount: Int }\n")
        let shop = try write("shop.yaml", "api: Shop\nuses: [common.yaml]\nmodels:\n  Money: { cents: Int }\n")

        do {
            _ = try GeneratorPipeline.generate(specAt: shop)
            Issue.record("expected the duplicate to be an error")
        } catch {
            #expect(error.diagnostics.map(\.message) == ["model 'Money' has the same name as model 'Money' of common.yaml; every model, error type, strategy and interface needs its own name"])
        }
    }

    @Test func aUsedSpecWhoseModelNamesAnUnknownTypeIsReportedWhereItIsUsed() async throws {
        let common = try write("common.yaml", """
            api: Common
            models:
              Money: { amount: Int, currency: Currencyy }
              Currency: { code: String }
            """)
        let shop = try write("shop.yaml", """
            api: Shop
            uses: [common.yaml]
            servers: { production: https://shop.example.com }
            strategies:
              GetBalance: { GET: /balance, returns: Money }
            """)

        do {
            _ = try GeneratorPipeline.generate(specAt: shop)
            Issue.record("expected the unknown type to be an error")
        } catch {
            #expect(error.diagnostics.map(\.description) == [
                "\(common):3:35: error: unknown type 'Currencyy'; define it under 'models' or use a built-in type; did you mean 'Currency'?",
                "\(shop):2:8: error: cannot use 'common.yaml'; it has problems of its own",
            ])
        }
    }

    @Test func aUsedErrorTypeReportedInTheBodyStillMakesHTTP200AFailure() async throws {
        _ = try write("common.yaml", """
            api: Common
            errors:
              ServiceError: { when: { bodyHasKey: error }, code: error.code, cases: { busy: 6 } }
            """)
        let shop = try write("shop.yaml", """
            api: Shop
            uses: [common.yaml]
            servers: { production: https://shop.example.com }
            strategies:
              GetCount: { GET: /count, returns: Int, unwrap: response.count, errors: ServiceError }
            """)

        let strategies = try GeneratorPipeline.generate(specAt: shop).files.first { $0.name == "shop.Strategies.swift" }?.contents ?? ""
        let errors = try GeneratorPipeline.generate(specAt: folder.appendingPathComponent("common.yaml").path).files.first { $0.name == "common.Errors.swift" }?.contents ?? ""

        // The strategy takes the error type's success check, which rejects a body with `error`.
        #expect(strategies.contains("public typealias Failure = ServiceError"), "\(strategies)")
        #expect(!strategies.contains("successCheck"), "\(strategies)")
        #expect(errors.contains("public enum ServiceError: APIError, Equatable {"), "\(errors)")
        #expect(errors.contains(#"public static let successCheck: SuccessCheck = .statusCodes(200..<300).and(.bodyLacksKey("error"))"#), "\(errors)")
    }
}
