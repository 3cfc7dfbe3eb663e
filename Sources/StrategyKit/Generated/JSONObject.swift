/// A JSON request body whose fields a strategy's input holds, written field by field, so that a
/// strategy needs no type of its own for its body (and none of the functions the compiler makes
/// for each type):
///
/// ```swift
/// let body = try RequestBody.jsonObject { body in
///     try body.encode(input.itemId, forKey: "item_id")
///     try body.encodeIfPresent(input.note, forKey: "note")
/// }
/// ```
@_spi(Generated) extension RequestBody {
    /// The JSON object `write` fills, encoded as `json(_:encoder:)` encodes a value.
    public static func jsonObject(
        _ write: (inout KeyedEncodingContainer<JSONKey>) throws -> Void
    ) throws -> RequestBody {
        try withoutActuallyEscaping(write) { write in
            try json(JSONObject(write: write))
        }
    }
}

/// The object a `jsonObject` body's closure writes.
private struct JSONObject: Encodable {
    let write: (inout KeyedEncodingContainer<JSONKey>) throws -> Void

    func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: JSONKey.self)
        try write(&container)
    }
}
