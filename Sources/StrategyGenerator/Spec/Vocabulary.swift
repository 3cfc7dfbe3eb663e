/// The words both sides of the spec model need — the loader and the importer that make a spec,
/// and the validation that checks it: the names generated code reserves, the built-in types
/// written as text, and what HTTP lets stand in a header or cookie name. Written once, here.
enum Vocabulary {
    /// Names generated code uses from Swift, Foundation and StrategyKit, or nests in what it
    /// generates, each with what it is; a model, error type, strategy or interface of the same
    /// name would hide them.
    static let namesGeneratedCodeUses: [String: String] = {
        var names: [String: String] = [:]
        for name in [
            "Any", "Array", "Bool", "Codable", "CodingKey", "CodingKeys", "Decodable", "Decoder", "Dictionary", "Double",
            "Encodable", "Encoder", "Error", "Float", "Hashable", "Int", "Int8", "Int16", "Int32", "Int64", "Never", "Optional",
            "RawRepresentable", "Result", "Sendable", "Set", "String", "UInt", "UInt8", "UInt16", "UInt32", "UInt64", "Void",
        ] { names[name] = "Swift's '\(name)'" }
        names["File"] = "the built-in type 'File' of multipart fields"
        names["JSON"] = "the built-in type 'JSON' of free-form values"
        for name in ["Data", "Date", "Duration", "JSONDecoder", "TimeInterval", "URL", "URLSession", "UUID"] {
            names[name] = "Foundation's '\(name)'"
        }
        for name in RuntimeNames.types + ["StrategyKit"] { names[name] = "StrategyKit's '\(name)'" }
        for name in RuntimeNames.httpTypes { names[name] = "swift-http-types' '\(name)'" }
        // A type named after a module hides the module's name from code that qualifies with it.
        names["Swift"] = "the module 'Swift'"
        names["Foundation"] = "the module 'Foundation'"
        names["HTTPTypes"] = "the module 'HTTPTypes'"
        for name in ["Input", "Output", "Failure", "Body"] { names[name] = "the '\(name)' every generated strategy may declare" }
        for name in ["Environment", "Builder"] { names[name] = "the generated client's '\(name)'" }
        return names
    }()

    /// Words Swift reads as keywords where a type may stand (`-> async`), so no type can take them.
    static let contextualKeywords: Set<String> = [
        "async", "await", "some", "any", "throws", "rethrows", "get", "set", "willSet", "didSet", "mutating",
        "nonmutating", "lazy", "weak", "unowned", "optional", "required", "convenience", "dynamic", "final",
        "indirect", "override", "prefix", "postfix", "infix", "consume", "copy", "borrowing", "consuming", "each",
        "repeat", "macro", "package", "isolated", "nonisolated", "sending", "actor", "Any", "Protocol",
    ]

    /// Whether Swift reserves `name` for itself where a type or a member is declared.
    static func isReserved(_ name: String) -> Bool {
        SwiftName.keywords.contains(name) || SwiftName.unusableMembers.contains(name) || contextualKeywords.contains(name)
    }

    /// Names model fields can't take: `Hashable` declares `hashValue`. (The generated coding
    /// reaches every property through `self` where a local has its name.)
    static let namesFieldsCantTake: Set<String> = ["hashValue"]

    /// Whether `scalar` may stand in an HTTP token, such as a header name (RFC 9110, section 5.6.2).
    static func isHTTPTokenCharacter(_ scalar: Unicode.Scalar) -> Bool {
        scalar.isASCII && (("a"..."z").contains(scalar) || ("A"..."Z").contains(scalar) || ("0"..."9").contains(scalar) || "!#$%&'*+-.^_`|~".unicodeScalars.contains(scalar))
    }

    /// Whether `name` is an HTTP token, as header and cookie names are.
    static func isHTTPToken(_ name: String) -> Bool {
        !name.isEmpty && name.unicodeScalars.allSatisfy(isHTTPTokenCharacter)
    }

    /// Whether a fixed value can go in a cookie as it is: RFC 6265's cookie-octets, visible
    /// ASCII but `"`, `,`, `;` and `\`.
    static func isCookieValue(_ value: String) -> Bool {
        value.unicodeScalars.allSatisfy { $0.isASCII && $0.value > 0x20 && $0.value < 0x7F && !"\",;\\".unicodeScalars.contains($0) }
    }
}
