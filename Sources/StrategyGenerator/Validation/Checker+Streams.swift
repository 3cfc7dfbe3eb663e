extension Checker {
    /// A streaming strategy's elements have a known type (one the format can decode, for JSON
    /// Lines and JSON Sequence), its output is the body as it came, and its flag is a `Bool` of
    /// its JSON body.
    mutating func stream(of strategy: StrategySpec) {
        guard let stream = strategy.stream else { return }
        let what = "strategy '\(strategy.name)'"
        if let element = stream.element {
            resolve(element, at: stream.elementLocation, allowFiles: false)
        } else if stream.format != .serverSentEvents {
            diagnostics.error("stream format '\(stream.format.rawValue)' of \(what) needs 'of', the type of each element, e.g. 'of: LogLine'", at: stream.location)
        }
        let conflicts: [(String, SourceLocation?)] = [
            ("returns", returnsLocation(strategy)),
            ("unwrap", strategy.unwrap?.location),
            ("pagination", strategy.pagination?.location),
            ("responseHeaders", strategy.responseHeaders.first?.name.location),
            ("signsIn", strategy.signsIn?.location),
        ]
        for case let (key, location?) in conflicts {
            diagnostics.error("\(what) streams its response, so it can't have '\(key)'; its elements are of the 'of' type of 'stream'", at: location)
        }
        if let flag = stream.flag {
            self.flag(flag, of: strategy, what: what)
        }
        if !stream.events.isEmpty {
            events(of: stream, what: what)
        }
        streamExample(of: strategy, stream)
    }

    /// A stream's example a stubbed client plays back: each element of a list (or a mapping,
    /// one element) decodes as the stream's elements; a text is the body as written.
    private mutating func streamExample(of strategy: StrategySpec, _ stream: StreamSpec) {
        guard let example = strategy.example, let location = strategy.exampleLocation, let element = stream.element else { return }
        let elements: [YAMLValue]
        switch example {
        case .string: return
        case .array(let items):
            if case .array = element.unwrappingOptional { elements = [example] } else { elements = items }
        default: elements = [example]
        }
        for (index, value) in elements.enumerated() {
            let path = elements.count == 1 && elements[0] == example ? "" : "[\(index)]"
            if let problem = types.exampleProblem(value, as: element, at: path) {
                fault("the example of strategy '\(strategy.name)' doesn't decode as its stream's elements: \(problem)", at: location, about: .example(strategy: strategy.name.value))
                return
            }
        }
    }

    /// Named events are of server-sent events, each the variant of the `of` union its data is.
    private mutating func events(of stream: StreamSpec, what: String) {
        let first = stream.events[0].name.location
        guard stream.format == .serverSentEvents else {
            diagnostics.error("'events' of the stream of \(what) names server-sent events, but its format is '\(stream.format.rawValue)'", at: first)
            return
        }
        guard case .named(let name)? = stream.element, let union = types.unions[name] else {
            diagnostics.error("'events' of the stream of \(what) needs 'of', a union of the events' types, e.g. 'of: ChatEvent' with 'ChatEvent: { oneOf: [Delta, Done] }'", at: first)
            return
        }
        var seen: Set<String> = []
        for event in stream.events {
            if !seen.insert(event.name.value).inserted {
                diagnostics.error("'events' of the stream of \(what) names event '\(event.name)' twice", at: event.name.location)
            }
            if !union.variants.contains(where: { $0.type == event.type }) {
                let variants = union.variants.map { "'\($0.type)'" }.joined(separator: ", ")
                diagnostics.error("event '\(event.name)' of the stream of \(what) is a '\(event.type)', which is not a type of union '\(name)'; it has \(variants)", at: event.typeLocation)
            }
        }
    }

    private func returnsLocation(_ strategy: StrategySpec) -> SourceLocation? {
        switch strategy.returns {
        case .type(_, let location)?: location
        case .fields(let fields)?: fields.first?.name.location ?? strategy.path.location
        case nil: nil
        }
    }

    /// The flag is a `Bool` field of the model the strategy sends as its JSON body.
    private mutating func flag(_ flag: Named, of strategy: StrategySpec, what: String) {
        guard case .json(.named(let model), _)? = strategy.body, let fields = types.objectFields[model] else {
            diagnostics.error("'flag' of the stream of \(what) names a field of its JSON body, which must be a model such as 'body: ChatRequest'", at: flag.location)
            return
        }
        guard let field = fields.first(where: { $0.name.value == flag.value }) else {
            let known = fields.map { "'\($0.name.value)'" }.joined(separator: ", ")
            diagnostics.error("'flag' of the stream of \(what) names '\(flag)', which is not a field of '\(model)'" + (known.isEmpty ? "" : "; it has \(known)"), at: flag.location)
            return
        }
        if field.type.unwrappingOptional != .builtIn(.bool) {
            diagnostics.error("'flag' of the stream of \(what) names '\(flag)', a '\(field.type)'; the flag the strategy sets to true must be a Bool", at: flag.location)
        }
    }
}
