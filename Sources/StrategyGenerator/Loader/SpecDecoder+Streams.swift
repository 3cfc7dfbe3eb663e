extension SpecDecoder {
    /// `stream: { format: serverSentEvents, of: ChatChunk }`, with `flag: stream` for an API that
    /// streams when the body asks it to; `stream: serverSentEvents` for the events as they come.
    func decodeStream(_ node: YAMLNode, of what: String) -> StreamSpec? {
        let place = "'stream' of \(what)"
        if node.scalar != nil {
            return format(node, in: place).map { StreamSpec(format: $0, location: node.location, element: nil, elementLocation: node.location) }
        }
        guard let body = mapping(node, place, expecting: "a mapping such as '{ format: serverSentEvents, of: ChatChunk }'") else { return nil }
        checkKeys(body, allowed: SpecKeys.stream, in: place)
        guard let formatNode = body.required("format", example: "format: serverSentEvents", in: place, &diagnostics),
              let format = format(formatNode, in: place) else { return nil }
        let element = body["of"].flatMap { typeReference($0, "the element type of \(place)") }
        return StreamSpec(
            format: format,
            location: formatNode.location,
            element: element,
            elementLocation: body["of"]?.location ?? formatNode.location,
            flag: body["flag"].flatMap { named($0, "'flag' of \(place)") },
            events: body["events"].map { events($0, in: place) } ?? []
        )
    }

    /// `events: { response.created: Created, response.output_text.delta: TextDelta }`: each
    /// server-sent event's name and the variant of the `of` union its data is decoded as.
    private func events(_ node: YAMLNode, in place: String) -> [StreamSpec.Event] {
        guard let events = mapping(node, "'events' of \(place)", expecting: "a mapping of event names to types, such as '{ delta: TextDelta }'") else { return [] }
        return events.pairs.compactMap { key, value in
            guard let name = named(key, "an event name of \(place)"),
                  let type = typeReference(value, "the type of event '\(name.value)' of \(place)") else { return nil }
            return StreamSpec.Event(name: name, type: type, typeLocation: value.location)
        }
    }

    private func format(_ node: YAMLNode, in place: String) -> StreamSpec.Format? {
        guard let name = string(node, "the format of \(place)") else { return nil }
        guard let format = StreamSpec.Format(rawValue: name) else {
            let formats = StreamSpec.Format.allCases.map(\.rawValue).joined(separator: ", ")
            diagnostics.error("unknown stream format '\(name)' in \(place); expected one of: \(formats)", at: node.location)
            return nil
        }
        return format
    }
}
