/// What each model of a spec is used for, so it conforms to no more than that asks: a model the
/// API only returns is `Decodable`, one only sent is `Encodable`, and only a model an error
/// case carries (error types are `Equatable`) is `Equatable`, unless the configuration asks for
/// more.
///
/// A use flows to the models a model's fields (or a union's variants) name, however deep. A model nothing in its spec
/// reaches, such as one of a spec that only defines models for others to use, may be used any
/// way: it is `Codable` and `Equatable`.
struct ModelUses {
    struct Use: OptionSet, Hashable {
        let rawValue: Int
        /// Decoded from a response: a strategy's output or an error's payload.
        static let decoded = Use(rawValue: 1)
        /// Encoded into a request body.
        static let encoded = Use(rawValue: 2)
        /// Compared with `==`: carried by an error case.
        static let compared = Use(rawValue: 4)
    }

    private var uses: [String: Use] = [:]

    init(_ spec: APISpec, references: References) {
        var roots: [(TypeReference, Use)] = []
        for strategy in spec.strategies {
            switch strategy.returns {
            case .type(let type, _)?: roots.append((type, .decoded))
            case .fields(let fields)?: roots += fields.map { ($0.type, .decoded) }
            case nil: break
            }
            // Objects in a query are written through their encoding, as in a form body.
            roots += strategy.query.map { ($0.type, .encoded) }
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
            mark(type, use, models: references.models)
        }
        // A model nothing reaches is used every way, and so are the models its fields name.
        for name in references.models.keys.sorted() where uses[name] == nil {
            mark(.named(name), [.decoded, .encoded, .compared], models: references.models)
        }
    }

    /// Adds `use` to every model `type` names and, through their fields, to the models they name.
    private mutating func mark(_ type: TypeReference, _ use: Use, models: [String: ModelSpec]) {
        for name in type.namedTypes {
            guard let model = models[name], !uses[name, default: []].isSuperset(of: use) else { continue }
            uses[name, default: []].formUnion(use)
            for type in model.memberTypes {
                mark(type, use, models: models)
            }
        }
    }

    /// How the model named `name` is used.
    func use(of name: String) -> Use {
        uses[name, default: [.decoded, .encoded, .compared]]
    }
}
