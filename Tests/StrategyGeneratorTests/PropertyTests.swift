import Foundation
import PropertyBased
import StrategyGenerator
import Testing

/// Specs made of arbitrary names and strings: each is either rejected with one-line located
/// diagnostics, or generates code that type-checks without warnings and writes every value
/// (wire names, defaults, enum values) as a literal that holds exactly its scalars.
///
/// Each case runs `swiftc`, so the counts stay small; every case packs several values. For a
/// longer search, raise them: `NAMES_COUNT=500 STRINGS_COUNT=300 swift test --filter PropertyTests`.
@Suite struct PropertyTests {
    /// Scalars that have broken generated code or diagnostics before, and ordinary ones.
    static let scalars: [Unicode.Scalar] = [
        "a", "b", "Z", "_", "0", "7", " ", "-", ".", "/", ":", "#", "%", "&", "*", "!", "?", "'", "\"", "\\",
        "{", "}", "[", "]", "(", ")", "$", "`", "|", ">", "@", "\n", "\r", "\t", "\0", "\u{1B}", "\u{7F}",
        "\u{85}", "\u{2028}", "\u{2029}", "\u{200B}", "\u{202E}", "\u{FEFF}", "\u{301}", "é", "ß", "Я", "中", "🙂",
    ]

    /// Strings of 0 to 10 of those scalars.
    static let text = Gen<Unicode.Scalar?>.element(of: scalars).map { $0! }.array(of: 0...10)
        .map { String(String.UnicodeScalarView($0)) }

    /// Strings of 1 to 8 scalars that start with a letter, so that some are valid wire names.
    static let name = zip(Gen.letter, text).map { pair in String(pair.0) + pair.1 }

    /// `text` as a double-quoted YAML scalar, every scalar YAML can't show escaped.
    static func yaml(_ text: String) -> String {
        var result = "\""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\"": result += "\\\""
            case "\\": result += "\\\\"
            case _ where scalar.value < 0x20 || (0x7F...0xA0).contains(scalar.value) || scalar.properties.generalCategory == .format
                || scalar.value == 0x2028 || scalar.value == 0x2029:
                result += String(format: "\\U%08X", scalar.value)
            default: result.unicodeScalars.append(scalar)
            }
        }
        return result + "\""
    }

    struct Case: Sendable, CustomStringConvertible {
        var fields: [String]
        var defaultValue: String
        var enumValues: [String]
        var doc: String
        var queryName: String

        var spec: String {
            """
            api: Prop
            servers: { production: https://api.example.com }
            models:
              Kind: { enum: [\(enumValues.map(PropertyTests.yaml).joined(separator: ", "))] }
              Item:
                doc: \(PropertyTests.yaml(doc))
                fields:
                  fixed: { type: String, default: \(PropertyTests.yaml(defaultValue)), doc: \(PropertyTests.yaml(doc)) }
                  kind: Kind?
            \(fields.map { "      \(PropertyTests.yaml($0)): { type: String?, doc: \(PropertyTests.yaml(doc)) }" }.joined(separator: "\n"))
            strategies:
              GetItem:
                doc: \(PropertyTests.yaml(doc))
                GET: /items
                query: { \(PropertyTests.yaml(queryName)): String? }
                returns: Item

            """
        }

        var description: String { spec }
    }

    static let cases = zip(name.array(of: 1...4), text, text.array(of: 1...3), text, name).map { values in
        Case(fields: values.0, defaultValue: values.1, enumValues: values.2, doc: values.3, queryName: values.4)
    }

    /// Whether `text` is `LINE:COLUMN: error: …` or `LINE:COLUMN: warning: …` on one line.
    static func isLocatedDiagnostic(_ text: Substring) -> Bool {
        let parts = text.split(separator: ":", maxSplits: 2, omittingEmptySubsequences: false)
        guard parts.count == 3, let line = Int(parts[0]), let column = Int(parts[1]), line > 0, column > 0 else { return false }
        return (parts[2].hasPrefix(" error: ") || parts[2].hasPrefix(" warning: ")) && !parts[2].contains(where: \.isNewline)
    }

    /// The scalars a single-line Swift string literal stands for, as Swift reads its escapes; nil
    /// if it isn't one (a raw line break, control character or unknown escape inside).
    static func scalars(ofLiteral literal: String) -> [Unicode.Scalar]? {
        var scalars = Array(literal.unicodeScalars)
        guard scalars.count >= 2, scalars.first == "\"", scalars.last == "\"" else { return nil }
        scalars = Array(scalars.dropFirst().dropLast())
        var result: [Unicode.Scalar] = []
        var index = 0
        while index < scalars.count {
            let scalar = scalars[index]
            index += 1
            if scalar == "\"" || scalar.properties.generalCategory == .control || scalar == "\u{2028}" || scalar == "\u{2029}" {
                return nil
            }
            guard scalar == "\\" else {
                result.append(scalar)
                continue
            }
            guard index < scalars.count else { return nil }
            let escape = scalars[index]
            index += 1
            switch escape {
            case "\\": result.append("\\")
            case "\"": result.append("\"")
            case "'": result.append("'")
            case "n": result.append("\n")
            case "r": result.append("\r")
            case "t": result.append("\t")
            case "0": result.append("\0")
            case "u":
                guard index < scalars.count, scalars[index] == "{", let close = scalars[index...].firstIndex(of: "}"),
                      let value = UInt32(String(String.UnicodeScalarView(scalars[(index + 1)..<close])), radix: 16),
                      let decoded = Unicode.Scalar(value) else { return nil }
                result.append(decoded)
                index = close + 1
            default: return nil
            }
        }
        return result
    }

    @Test func everyStringBecomesALiteralOfExactlyItsScalars() async {
        await propertyCheck(count: 500, input: Self.text) { text in
            #expect(Self.scalars(ofLiteral: SwiftName.stringLiteral(text)) == Array(text.unicodeScalars), "\(text.debugDescription)")
        }
    }

    /// Names that Swift, StrategyKit or the generated code use themselves, and ordinary ones.
    static let riskyNames = [
        "self", "Self", "Type", "init", "default", "class", "func", "let", "in", "is", "as", "Any", "Int64", "String",
        "Data", "Date", "URL", "Input", "Output", "Body", "Failure", "Builder", "Environment", "client", "chain",
        "container", "encoder", "decoder", "body", "response", "request", "server", "transport", "settings",
        "successCheck", "unknown", "rawValue", "hashValue", "description", "CodingKeys", "Strategy", "Endpoint", "Error",
        "Result", "some", "any", "_", "__", "_1", "x_y", "xY", "X_Y", "custom", "build", "send", "endpoint", "decode",
        "encode", "Void", "Codable", "Protocol", "true", "false", "nil", "await", "try", "throws", "async", "inout",
        "where", "case", "enum", "struct", "extension", "import", "return", "operator", "subscript", "deinit", "static",
        "Prop", "PropClient", "PropStubs", "Item", "Kind", "Names", "get", "set", "willSet", "didSet", "value", "key",
    ]

    /// A risky name, or a short ordinary one.
    static let identifier = Gen<String?>.element(of: riskyNames).map { $0! }

    struct NamesCase: Sendable, CustomStringConvertible {
        var names: [String]

        func name(_ index: Int) -> String { PropertyTests.yaml(names[index % names.count]) }

        var spec: String {
            """
            api: Names
            servers:
              \(name(0)): https://api.example.com
            auth:
              \(name(1)): bearer
            errors:
              \(name(2)):
                code: error.code
                cases: { \(name(3)): 1, \(name(4)): 2 }
            models:
              \(name(5)): { \(name(6)): String, \(name(7)): Int? }
              Kind: { enum: [\(name(8)), \(name(9))] }
            strategies:
              \(name(10)):
                GET: "/items/{\(names[11 % names.count])}"
                path: { \(name(11)): Int }
                query: { \(name(12)): String? }
                headers: { \(name(13)): String? }
                returns: \(name(5))
                errors: \(name(2))
                auth: \(name(1))
              \(name(14)): { POST: /items, body: \(name(5)), returns: Kind, auth: none }
            interfaces:
              \(name(15)): [\(name(10))]

            """
        }

        var description: String { spec }
    }

    /// Sixteen names, about one in five risky, the others plain and distinct.
    static let nameCases = zip(Gen.bool(0.2).array(of: 16), identifier.array(of: 16)).map { values in
        NamesCase(names: values.0.indices.map { values.0[$0] ? values.1[$0] : "Plain\($0)" })
    }

    @Test func namesSwiftAndTheGeneratedCodeUseAreRejectedAtTheirPlaceOrGenerateCodeThatCompiles() async throws {
        await propertyCheck(count: Int(ProcessInfo.processInfo.environment["NAMES_COUNT"] ?? "") ?? 30, input: Self.nameCases) { example in
            try await check(example.spec) { _ in }
        }
    }

    @Test func arbitraryNamesAndStringsAreRejectedAtTheirPlaceOrGenerateCodeThatKeepsThem() async throws {
        await propertyCheck(count: Int(ProcessInfo.processInfo.environment["STRINGS_COUNT"] ?? "") ?? 40, input: Self.cases) { example in
            try await check(example.spec) { code in
                // Every value is written as the literal of exactly its scalars.
                for field in example.fields + ["fixed"] {
                    #expect(code.contains("forKey: \(SwiftName.stringLiteral(field))"), "wire name \(field.debugDescription)")
                }
                #expect(code.contains("= \(SwiftName.stringLiteral(example.defaultValue))"), "default \(example.defaultValue.debugDescription)")
                #expect(code.contains("\(SwiftName.stringLiteral(example.queryName)): input."), "query name \(example.queryName.debugDescription)")
                for value in example.enumValues {
                    #expect(code.contains("Self(\(SwiftName.stringLiteral(value)))"), "enum value \(value.debugDescription)")
                }
            }
        }
    }

    /// A strategy whose query, form and multipart fields and headers take every kind of value a
    /// wire form writes, under a draw of the API's defaults for lists, dates and Bools.
    struct WireFormsCase: Sendable, CustomStringConvertible {
        var arrays: String
        var dates: String
        var booleans: String
        var types: [String]
        var body: String

        var spec: String {
            func fields(_ prefix: String) -> String {
                types.enumerated().map { "\(prefix)\($0.offset): \"\($0.element)\"" }.joined(separator: ", ")
            }
            let headers = types.enumerated().filter { !$0.element.contains("[") }.map { "X-H\($0.offset): \"\($0.element)\"" }.joined(separator: ", ")
            return """
                api: Wire
                servers: { production: https://api.example.com }
                defaults: { arrays: \(arrays), dates: \(dates), booleans: \(booleans) }
                strategies:
                  Send:
                    POST: "/items/{day}"
                    path: { day: Date }
                    query: { \(fields("q")) }
                    headers: { \(headers) }
                    body:
                      \(body): { \(fields("b")) }

                """
        }

        var description: String { spec }
    }

    static let wireForms = zip(
        Gen<String?>.element(of: ["repeated", "commaSeparated", "brackets"]).map { $0! },
        Gen<String?>.element(of: ["iso8601", "unix", "yyyy-MM-dd"]).map { $0! },
        Gen<String?>.element(of: ["words", "digits"]).map { $0! },
        Gen<String?>.element(of: ["String", "Int?", "Bool", "Bool?", "Date", "Date?", "[String]", "[Bool]?", "[Date]", "Double?"]).map { $0! }.array(of: 4),
        Gen<String?>.element(of: ["form", "multipart"]).map { $0! }
    ).map { WireFormsCase(arrays: $0, dates: $1, booleans: $2, types: $3, body: $4) }

    @Test func everyPairingOfDefaultsAndWireFormsGeneratesCodeThatCompiles() async throws {
        await propertyCheck(count: Int(ProcessInfo.processInfo.environment["WIRE_COUNT"] ?? "") ?? 12, input: Self.wireForms) { example in
            try await check(example.spec, mustBeAccepted: true) { code in
                #expect(code.contains("func endpoint(for input: Input)"))
            }
        }
    }

    /// Generates `text`; a rejected spec must have only located one-line diagnostics and no output,
    /// an accepted one code that type-checks without warnings, which `values` then checks.
    private func check(_ text: String, mustBeAccepted: Bool = false, values: (String) -> Void) async throws {
        let folder = try makeTemporaryDirectory()
        defer { try? FileManager.default.removeItem(at: folder) }
        let spec = folder.appendingPathComponent("spec.yaml")
        try Data(text.utf8).write(to: spec)

        let output = folder.appendingPathComponent("Generated")
        let result = try await runStrategyGen(["generate", spec.path, "--output", output.path, "--diagnostic-style", "plain"])

        for line in result.standardError.split(separator: "\n") {
            let located = line.hasPrefix(spec.path + ":") && Self.isLocatedDiagnostic(line.dropFirst(spec.path.count + 1))
            #expect(located, "not a located one-line diagnostic: \(line)")
        }
        #expect(result.status == 0 || !mustBeAccepted, "\(result.standardError)")
        guard result.status == 0 else {
            #expect(result.status == 1)
            #expect(result.standardError.contains(": error: "))
            #expect(!FileManager.default.fileExists(atPath: output.path))
            return
        }
        let names = try FileManager.default.contentsOfDirectory(atPath: output.path).filter { $0.hasSuffix(".swift") }.sorted()
        let sources = names.map { output.appendingPathComponent($0).path }
        let code = try sources.map { try String(contentsOfFile: $0, encoding: .utf8) }.joined(separator: "\n")

        let typeCheck = try await run("swiftc", ["-swift-version", "6", "-typecheck", "-I", Paths.modules.path] + sources)
        #expect(typeCheck.status == 0, "\(typeCheck.standardError)")
        #expect(!typeCheck.standardError.contains("warning:"), "\(typeCheck.standardError)")
        values(code)
    }
}
