/// A fault validation finds in a spec, with the element it is about: what an imported document
/// loses so that the rest validates.
struct SpecFault: Sendable {
    var diagnostic: Diagnostic
    /// `nil` for a fault without a place in the spec.
    var element: SpecElement?
}

/// An element of a spec that a fault is about, by the names that make it one of a kind.
enum SpecElement: Hashable, Sendable {
    /// Where a strategy's input is sent.
    enum InputPlace: CaseIterable, Hashable, Sendable {
        case path, query, header, cookie, body
    }

    /// The example of the strategy of this name, which doesn't decode as its output.
    case example(strategy: String)
    /// A strategy, whole.
    case strategy(String)
    /// An input of a strategy: a parameter, or a field of its body.
    case input(strategy: String, place: InputPlace, name: String)
    /// What a strategy returns.
    case returns(strategy: String)
    /// A response header a strategy reads.
    case responseHeader(strategy: String, name: String)
    /// A model, whole.
    case model(String)
    /// A property of an object model.
    case property(model: String, name: String)
    /// A member of a union model, by its place among the members.
    case unionMember(model: String, index: Int)
    /// The payload of a status case of an error type.
    case errorPayload(errorType: String, statusCase: String)
}

extension APISpec {
    /// The element written at `location`: of the first strategy, then model, then error type
    /// that has one there; `nil` when none is. A check that looks at the spec as a whole (names
    /// across it, cycles, compositions) names its fault's element by this.
    func element(writtenAt location: SourceLocation) -> SpecElement? {
        for strategy in strategies {
            if let element = strategy.element(writtenAt: location) { return element }
        }
        for model in models {
            if let element = model.element(writtenAt: location) { return element }
        }
        for error in errors {
            if let element = error.element(writtenAt: location) { return element }
        }
        return nil
    }
}

extension StrategySpec {
    /// The element of this strategy written at `location`: the strategy itself (its name, path or
    /// JSON body), what it returns, an input or a response header; `nil` when none is there.
    func element(writtenAt location: SourceLocation) -> SpecElement? {
        let strategy = name.value
        if name.location == location || path.location == location { return .strategy(strategy) }
        if case .json(_, let at)? = body, at == location { return .strategy(strategy) }
        if case .type(_, let at)? = returns, at == location { return .returns(strategy: strategy) }
        let isHere = { (field: FieldSpec) in field.name.location == location || field.typeLocation == location }
        for place in SpecElement.InputPlace.allCases {
            if let field = inputs(at: place).first(where: isHere) { return .input(strategy: strategy, place: place, name: field.name.value) }
        }
        if let header = responseHeaders.first(where: isHere) { return .responseHeader(strategy: strategy, name: header.name.value) }
        return nil
    }

    /// The fields sent at `place`.
    func inputs(at place: SpecElement.InputPlace) -> [FieldSpec] {
        switch place {
        case .path: pathParameters
        case .query: query
        case .header: headers
        case .cookie: cookies
        case .body: body?.fields ?? []
        }
    }
}

extension ModelSpec {
    /// The element of this model written at `location`: the model itself, a property or a union's
    /// member; `nil` when none is there.
    func element(writtenAt location: SourceLocation) -> SpecElement? {
        if name.location == location { return .model(name.value) }
        switch kind {
        case .object(let fields):
            guard let field = fields.first(where: { $0.name.location == location || $0.typeLocation == location }) else { return nil }
            return .property(model: name.value, name: field.name.value)
        case .union(let union):
            guard let index = union.variants.firstIndex(where: { $0.typeLocation == location }) else { return nil }
            return .unionMember(model: name.value, index: index)
        case .enumeration:
            return nil
        }
    }
}

extension ErrorSpec {
    /// The payload of the status case of this error type whose name is written at `location`;
    /// `nil` when none is.
    func element(writtenAt location: SourceLocation) -> SpecElement? {
        guard let statusCase = statusCases.first(where: { $0.caseName.location == location }) else { return nil }
        return .errorPayload(errorType: name.value, statusCase: statusCase.caseName.value)
    }
}
