/// The error statuses of an API, gathered from its operations.
extension OpenAPIImporter {
    /// An error status an operation declares, with the type of its JSON body if it has one.
    typealias ErrorResponse = (status: StatusCase.Status, payload: TypeReference?, location: SourceLocation)

    /// Each error status any operation declares, with every body the operations give it.
    ///
    /// An operation that doesn't declare a status its API's error type has a case for, but
    /// covers it with a range (`4XX`) or with `default`, gives that status its range's body,
    /// or its default's: its server answers the status with that body, and the case must
    /// decode it.
    static func errorCases(_ operations: [[ErrorResponse]]) -> [StatusCase.Status: (payloads: [TypeReference?], location: SourceLocation)] {
        var cases: [StatusCase.Status: (payloads: [TypeReference?], location: SourceLocation)] = [:]
        for declared in operations {
            for response in declared {
                if cases[response.status] == nil {
                    cases[response.status] = ([response.payload], response.location)
                } else if !cases[response.status]!.payloads.contains(response.payload) {
                    cases[response.status]!.payloads.append(response.payload)
                }
            }
        }
        let statuses = cases.keys.sorted { $0.order < $1.order }
        for declared in operations {
            for status in statuses where !declared.contains(where: { $0.status == status }) {
                guard let covering = coveringStatuses(of: status).lazy.compactMap({ cover in declared.first { $0.status == cover } }).first,
                      !cases[status]!.payloads.contains(covering.payload) else { continue }
                cases[status]!.payloads.append(covering.payload)
            }
        }
        return cases
    }

    /// The statuses that take `status` in an operation that doesn't declare it, nearest first.
    private static func coveringStatuses(of status: StatusCase.Status) -> [StatusCase.Status] {
        switch status {
        case .code(let code): [.range(code / 100), .other]
        case .range: [.other]
        case .other: []
        }
    }
}
