import Foundation

/// Names: Swift type and member names for what the document names, each unique.
extension OpenAPIImporter {
    /// Fields whose Swift names would clash get names of their own, so `my_key` and `myKey` can
    /// sit side by side.
    func uniqueMemberNames(_ fields: [FieldSpec], reserved: Set<String> = Vocabulary.namesFieldsCantTake) -> [FieldSpec] {
        var taken = reserved
        return fields.map { field in
            var field = field
            let base = SwiftIdentifier.member(field.name.value, fallback: "value")
            var name = base, suffix = 2
            while taken.contains(name) {
                name = "\(base)\(suffix)"
                suffix += 1
            }
            taken.insert(name)
            field.swiftName = name
            return field
        }
    }

    /// `base`, or when it is taken `base` with `clashSuffix` (`ErrorModel`), then numbered.
    mutating func uniqueTypeName(_ base: String, clashSuffix: String = "Model") -> String {
        var name = base, suffix = 2
        func isTaken(_ name: String) -> Bool {
            typeNames.contains(name) || BuiltIn(rawValue: name) != nil || SwiftName.keywords.contains(name)
        }
        if isTaken(name) {
            name = base + clashSuffix
        }
        while isTaken(name) {
            name = "\(base)\(clashSuffix)\(suffix)"
            suffix += 1
        }
        typeNames.insert(name)
        return name
    }

    /// An operation id that starts with its method in capitals (`PUT_marketing_singlesends`)
    /// with the method cased as a word (`put_marketing_singlesends`), so its Swift name reads
    /// `PutMarketingSinglesends`, not `PUTMarketingSinglesends`.
    static func methodCased(_ id: String) -> String {
        for method in methods.map({ $0.uppercased() }) where id.hasPrefix(method) {
            let rest = id.dropFirst(method.count)
            guard let next = rest.first, !next.isLetter || next.isUppercase && rest.dropFirst().first?.isLowercase == true else { continue }
            return method.lowercased() + rest
        }
        return id
    }

    /// Names for the operations whose ids start with their first tag (`apps/get-authenticated`
    /// in `apps`): the rest of the id (`GetAuthenticated`), as the tag's interface already
    /// says the tag, where no other operation would take that name and it is two words or more;
    /// and for those without an id, method and path without the path's parameters
    /// (`GET /users/{id}/posts` → `GetUsersPosts`) where no other operation would take that.
    func strategyNames(_ paths: YAMLNode?) -> [String: String] {
        var candidates: [(pointer: String, full: String, short: String?)] = []
        for (path, item) in paths?.members ?? [] {
            let pointer = JSONPointer().appending("paths").appending(path)
            let item = lookUp(item).node ?? item
            for method in Self.methods {
                guard let operation = item[method] else { continue }
                guard let id = operation["operationId"]?.scalar else {
                    // Named from method and path: the path's parameters only where the rest
                    // names another operation too (`GetPets` and `GetPetsPetId`).
                    let full = SwiftIdentifier.type(method + " " + path, fallback: "Operation")
                    let literal = path.split(separator: "/").filter { !$0.contains("{") }.joined(separator: " ")
                    candidates.append((pointer.appending(method).description, full, SwiftIdentifier.type(method + " " + literal, fallback: "Operation")))
                    continue
                }
                let full = SwiftIdentifier.type(Self.methodCased(id), fallback: "Operation")
                var short: String?
                if let tag = operation["tags"]?.items.first?.scalar {
                    let prefix = SwiftIdentifier.type(tag, fallback: "")
                    let rest = full.dropFirst(prefix.count)
                    if !prefix.isEmpty, full.hasPrefix(prefix), rest.first?.isUppercase == true,
                       rest.dropFirst().contains(where: \.isUppercase), rest.first(where: \.isLowercase) != nil {
                        short = String(rest)
                    }
                }
                candidates.append((pointer.appending(method).description, full, short))
            }
        }
        var uses: [String: Int] = [:]
        for candidate in candidates {
            uses[candidate.full, default: 0] += 1
            if let short = candidate.short, short != candidate.full { uses[short, default: 0] += 1 }
        }
        var names: [String: String] = [:]
        for candidate in candidates {
            if let short = candidate.short, uses[short] == 1, !typeNames.contains(short) { names[candidate.pointer] = short }
        }
        return names
    }

    /// The methods a path item may hold an operation under, in the order they are imported.
    static let methods = ["get", "put", "post", "delete", "options", "head", "patch", "trace"]

    static func placeholders(in path: String) -> [String] {
        var names: [String] = []
        var rest = Substring(path)
        while let open = rest.firstIndex(of: "{"), let close = rest[open...].firstIndex(of: "}") {
            names.append(String(rest[rest.index(after: open)..<close]))
            rest = rest[rest.index(after: close)...]
        }
        return names
    }
}

/// ASCII identifiers for the names a document gives, as spec names must be: ``SwiftName``'s
/// casing of the name's ASCII letters and digits, with `fallback` where nothing usable is left.
enum SwiftIdentifier {
    /// `pet-store` → `PetStore`; `fallback` when no letter or digit is left.
    static func type(_ text: String, fallback: String) -> String {
        withoutLeadingUnderscore(SwiftName.type(ascii(text)), fallback: fallback)
    }

    /// `Pet Store` → `petStore`; a name Swift reserves gets `Value` after it.
    static func member(_ text: String, fallback: String) -> String {
        let name = withoutLeadingUnderscore(SwiftName.member(ascii(text)), fallback: fallback)
        return SwiftName.keywords.contains(name) || SwiftName.unusableMembers.contains(name) ? name + "Value" : name
    }

    /// The text with every character that isn't ASCII made a separator between words.
    private static func ascii(_ text: String) -> String {
        String(text.map { $0.isASCII ? $0 : " " })
    }

    /// ``SwiftName`` marks a name that is empty or starts with a digit with `_`; here it gets
    /// `fallback` in front instead, since spec names start with a letter.
    private static func withoutLeadingUnderscore(_ name: String, fallback: String) -> String {
        guard name.hasPrefix("_") else { return name }
        let rest = name.dropFirst()
        return rest.first?.isNumber == false ? String(rest) : fallback + rest
    }
}
