/// What each model of a spec is used for, so it conforms to no more than that asks: a model the
/// API only returns is `Decodable`, one only sent is `Encodable`, and only a model an error
/// case carries (error types are `Equatable`) is `Equatable`, unless the configuration asks for
/// more.
///
/// A use flows to the models a model's fields (or a union's variants) name, however deep. A model nothing in its spec
/// reaches, such as one of a spec that only defines models for others to use, may be used any
/// way: it is `Codable` and `Equatable`.
struct ModelUses {
    private var uses: [String: ModelUse] = [:]

    init(_ spec: APISpec, types: TypeTable) {
        var roots: [(TypeReference, ModelUse)] = []
        for strategy in spec.strategies {
            switch strategy.returns {
            case .type(let type, _)?: roots.append((type, .decoded))
            case .fields(let fields)?: roots += fields.map { ($0.type, .decoded) }
            case nil: break
            }
            if let element = strategy.stream?.element { roots.append((element, .decoded)) }
            // Objects in a query are written through their encoding, as in a form body.
            roots += strategy.query.map { ($0.type, .encoded) }
            // A header, a cookie or a path value written as JSON text.
            roots += (strategy.headers + strategy.cookies + strategy.pathParameters).filter { $0.jsonText != nil }.map { ($0.type, .encoded) }
            switch strategy.body {
            case .json(let type, _)?: roots.append((type, .encoded))
            case .jsonFields(let fields)?, .form(let fields)?, .multipart(let fields)?: roots += fields.map { ($0.type, .encoded) }
            case .raw?, nil: break
            }
        }
        for error in spec.errors {
            for statusCase in error.statusCases {
                if case .body(let type) = statusCase.payload { roots.append((type, [.decoded, .compared])) }
            }
        }
        for (type, use) in roots {
            mark(type, use, types: types)
        }
        // A model nothing reaches is used every way, and so are the models its fields name.
        for name in types.modelNames.sorted() where uses[name] == nil {
            mark(.named(name), .any, types: types)
        }
    }

    /// Adds `use` to every model `type` names and, through their fields, to the models they name.
    private mutating func mark(_ type: TypeReference, _ use: ModelUse, types: TypeTable) {
        guard let name = type.modelName, !uses[name, default: []].isSuperset(of: use) else { return }
        uses[name, default: []].formUnion(use)
        for type in types[name].memberTypes {
            mark(type, use, types: types)
        }
    }

    /// How `model` is used: every way when nothing in its spec reaches it.
    func use(of model: ModelSpec) -> ModelUse {
        uses[model.name.value, default: .any]
    }
}

/// What the API does with a model.
struct ModelUse: OptionSet, Hashable, Sendable {
    let rawValue: Int
    /// Decoded from a response: a strategy's output or an error's payload.
    static let decoded = ModelUse(rawValue: 1)
    /// Encoded into a request body.
    static let encoded = ModelUse(rawValue: 2)
    /// Compared with `==`: carried by an error case.
    static let compared = ModelUse(rawValue: 4)
    /// Every use, as for a model nothing in its spec reaches.
    static let any: ModelUse = [.decoded, .encoded, .compared]
}
