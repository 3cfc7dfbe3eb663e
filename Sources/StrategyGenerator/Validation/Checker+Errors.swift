extension APISpec {
    /// The spec with each error type holding the code cases of the types it includes (theirs
    /// first, its own after), and their `when`, `code` and `message` where it sets none.
    var withIncludedErrors: APISpec {
        var spec = self
        spec.errors = errors.map(includingShared)
        return spec
    }

    /// `error` with what it includes; an include that names nothing, or the type itself, adds nothing.
    func includingShared(_ error: ErrorSpec) -> ErrorSpec {
        var visited: Set<String> = [error.name.value]
        return includingShared(error, visited: &visited)
    }

    /// The code cases `error` includes from other error types, before its own take their place.
    func sharedCases(of error: ErrorSpec) -> [CodeCase] {
        var withoutOwn = error
        withoutOwn.codeCases = []
        return includingShared(withoutOwn).codeCases
    }

    private func includingShared(_ error: ErrorSpec, visited: inout Set<String>) -> ErrorSpec {
        var merged = error
        var included: [CodeCase] = []
        for name in error.includes {
            guard visited.insert(name.value).inserted, let other = errors.first(where: { $0.name.value == name.value }) else { continue }
            let shared = includingShared(other, visited: &visited)
            included += shared.codeCases.filter { candidate in !included.contains { $0.caseName.value == candidate.caseName.value } }
            merged.bodyKey = merged.bodyKey ?? shared.bodyKey
            merged.codePath = merged.codePath ?? shared.codePath
            merged.messagePath = merged.messagePath ?? shared.messagePath
        }
        let own = error.codeCases
        merged.codeCases = included.filter { shared in !own.contains { $0.caseName.value == shared.caseName.value || $0.code == shared.code } } + own
        merged.includes = []
        return merged
    }
}

/// What an error type includes must be another error type of the spec, never itself, and its
/// cases can't take the names or codes of the included ones.
extension Checker {
    mutating func errorIncludes() {
        let names = spec.errors.map(\.name.value)
        for error in spec.errors {
            let start = mark
            defer { nameFaults(since: start, by: error.element(writtenAt:)) }
            let what = describe("error type", error.name)
            if spec.includingShared(error).messagePath != nil {
                for name in error.codeCases.map(\.caseName) + error.statusCases.map(\.caseName) where name.value == "message" {
                    diagnostics.error("'message' is the property of \(what) that holds the server's message; name this case differently", at: name.location)
                }
                let values = error.codeCases.flatMap { codeCase in codeCase.payload.map { (codeCase.caseName, $0) } }
                    + error.statusCases.flatMap { statusCase -> [(Named, StatusCase.BodyValue)] in
                        if case .values(let values) = statusCase.payload { values.map { (statusCase.caseName, $0) } } else { [] }
                    }
                for (caseName, value) in values where value.name == "message" {
                    diagnostics.error("case '\(caseName)' of \(what) keeps a value named 'message', but every case keeps the server's message under that name; name this value differently", at: caseName.location)
                }
            }
            var cyclic = false
            for name in error.includes {
                if !names.contains(name.value) {
                    unknownReference(name, kind: "error type", known: names.filter { $0 != error.name.value })
                } else if includesItself(error.name.value, through: name.value) {
                    cyclic = true
                    diagnostics.error("\(what) includes itself through '\(name)'; an error type can't share its own codes", at: name.location)
                }
            }
            guard !error.includes.isEmpty, !cyclic else { continue }
            let merged = spec.includingShared(error)
            let shared = spec.sharedCases(of: error)
            for own in error.codeCases {
                if let clash = shared.first(where: { $0.caseName.value == own.caseName.value }) {
                    diagnostics.error("case '\(own.caseName)' of \(what) is also a case it includes (code \(codeText(clash.code))); name it differently", at: own.caseName.location)
                } else if let clash = shared.first(where: { $0.code == own.code }) {
                    diagnostics.error("case '\(own.caseName)' of \(what) has code \(codeText(own.code)), which it includes as case '\(clash.caseName)'; each code may name one case", at: own.caseName.location)
                }
            }
            if !merged.codeCases.isEmpty, merged.codePath == nil {
                diagnostics.error("\(what) maps error codes to cases but neither it nor what it includes says where the code is; add e.g. 'code: error.code'", at: error.name.location)
            }
            let kinds = Set(merged.codeCases.map { if case .int = $0.code { "number" } else { "string" } })
            if kinds.count > 1 {
                diagnostics.error("the codes \(what) includes and its own mix numbers and strings; use one kind", at: error.name.location)
            }
        }
    }

    /// Whether following the includes from `start` comes back to `name`.
    private func includesItself(_ name: String, through start: String) -> Bool {
        var seen: Set<String> = []
        var pending = [start]
        while let next = pending.popLast() {
            if next == name { return true }
            guard seen.insert(next).inserted, let error = spec.errors.first(where: { $0.name.value == next }) else { continue }
            pending += error.includes.map(\.value)
        }
        return false
    }

    private func codeText(_ code: YAMLValue) -> String {
        switch code {
        case .int(let number): String(number)
        case .string(let text): "'\(text)'"
        default: ""
        }
    }
}
