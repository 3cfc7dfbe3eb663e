extension SpecDecoder {
    /// `oneOf: [PrivateUser, PublicUser]` (tried in order), or `discriminator: type` with
    /// `oneOf: { photo: PhotoAttachment, video: VideoAttachment }` (value of `type` → model).
    func decodeUnion(_ body: Mapping, name: Named, of what: String) -> ModelSpec {
        checkKeys(body, allowed: SpecKeys.unionModel, in: what)
        let discriminator = body["discriminator"].flatMap { node -> Named? in
            string(node, "'discriminator' of \(what)").map { Named($0, at: node.location) }
        }
        var variants: [UnionVariant] = []
        let node = body["oneOf"]!
        switch node.kind {
        case .sequence(let items):
            if discriminator != nil {
                diagnostics.error("'oneOf' of \(what) must map each value of its discriminator to a model, e.g. '{ photo: Photo, video: Video }'", at: node.location)
            }
            variants = items.compactMap { item in
                typeReference(item, "a type in 'oneOf' of \(what)").map { UnionVariant(type: $0, typeLocation: item.location) }
            }
        case .mapping(let pairs):
            if discriminator == nil {
                diagnostics.error("'oneOf' of \(what) maps values to models, which needs a 'discriminator' naming the property that holds them; list the types to try them in order", at: node.location)
            }
            variants = pairs.compactMap { pair in
                guard let value = string(pair.key, "a value of the discriminator of \(what)"),
                      let type = typeReference(pair.value, "a type in 'oneOf' of \(what)") else { return nil }
                return UnionVariant(type: type, typeLocation: pair.value.location, value: Named(value, at: pair.key.location))
            }
        case .scalar:
            diagnostics.error("'oneOf' of \(what) must list its types, e.g. '[PrivateUser, PublicUser]'", at: node.location)
        }
        return ModelSpec(
            name: name,
            doc: body["doc"].flatMap { string($0, "the 'doc' of \(what)") },
            kind: .union(UnionSpec(discriminator: discriminator, variants: variants)),
            deprecated: body["deprecated"].flatMap(deprecation)
        )
    }

    /// `allOf: [Issue, Timestamps]`: names of models.
    func modelNames(_ node: YAMLNode, _ what: String) -> [Named] {
        (list(node, what) ?? []).compactMap { identifier($0, "a model in \(what)") }
    }
}
