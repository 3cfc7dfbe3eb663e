/// Response headers are read as text, numbers or Bools, beside an output that has a type of its
/// own; a status case that matches by a header comes before the one that matches any response.
extension Checker {
    mutating func responses() {
        for strategy in spec.strategies where !strategy.responseHeaders.isEmpty {
            let start = mark
            defer { nameFaults(since: start, by: strategy.element(writtenAt:)) }
            let what = describe("strategy", strategy.name)
            fieldList(strategy.responseHeaders, in: "'responseHeaders' of \(what)", allowFiles: false)
            for header in strategy.responseHeaders {
                guard case .builtIn(let type) = header.type.unwrappingOptional, type.isResponseHeaderType else {
                    diagnostics.error("response header '\(header.name)' of \(what) must be String, Int, Int32, Int64, Double or Bool; found '\(header.type.unwrappingOptional)'", at: header.typeLocation)
                    continue
                }
            }
            if case .fields? = strategy.returns {
                diagnostics.error("\(what) reads response headers, so its output needs a type of its own; move the fields of 'returns' into a model", at: strategy.name.location)
            }
        }
        for error in spec.errors {
            let start = mark
            defer { nameFaults(since: start, by: error.element(writtenAt:)) }
            var answered: Set<StatusCase.Status> = []
            for statusCase in error.statusCases {
                if statusCase.header != nil, answered.contains(statusCase.status) {
                    diagnostics.error("case '\(statusCase.caseName)' of \(describe("error type", error.name)) can never match: a case before it takes every \(statusCase.status) response; list the cases that match by a header first", at: statusCase.caseName.location)
                }
                if statusCase.header == nil { answered.insert(statusCase.status) }
                if statusCase.status.carriesStatusCode, case .values(let values) = statusCase.payload, let clash = values.first(where: { $0.name == "statusCode" }) {
                    diagnostics.error("case '\(statusCase.caseName)' of \(describe("error type", error.name)) keeps the status it took as 'statusCode'; name the value read at '\(clash.path)' otherwise", at: statusCase.caseName.location)
                }
                guard statusCase.status == .other else { continue }
                if case .body = statusCase.payload {} else {
                    diagnostics.error("the 'default' case '\(statusCase.caseName)' of \(describe("error type", error.name)) needs a payload type, e.g. '{ \(statusCase.caseName): ErrorBody }': it takes a response whose body decodes as that type, and any other response is 'unknown' already", at: statusCase.caseName.location)
                }
                if statusCase.header != nil {
                    diagnostics.error("the 'default' case '\(statusCase.caseName)' of \(describe("error type", error.name)) can't match by a header; give the header's status or range instead", at: statusCase.caseName.location)
                }
            }
        }
    }
}
