/// A JSON body with one `Bool` key set whatever the value holds there: a streaming strategy sends
/// its request with `"stream": true`, so the API answers with a stream rather than one value.
///
/// ```swift
/// Endpoint(.post, "/chat/completions", body: try .json(input, setting: "stream", to: true))
/// ```
@_spi(Generated) extension RequestBody {
    /// `value` encoded as ``json(_:encoder:)`` encodes it, an object, with `key` set to `flag`.
    public static func json(_ value: some Encodable, setting key: String, to flag: Bool) throws -> RequestBody {
        try json(Flagged(value: value, key: key, flag: flag))
    }
}

/// A value encoded as itself, then with one more key in the same object.
private struct Flagged<Value: Encodable>: Encodable {
    let value: Value
    let key: String
    let flag: Bool

    func encode(to encoder: any Encoder) throws {
        try value.encode(to: encoder)
        // The encoder hands back the object the value wrote, as it does for a subclass's keys.
        var container = encoder.container(keyedBy: JSONKey.self)
        try container.encode(flag, forKey: JSONKey(stringValue: key))
    }
}
