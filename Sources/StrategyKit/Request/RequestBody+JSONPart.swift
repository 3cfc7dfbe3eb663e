import Foundation

extension RequestBody.Part {
    /// A part holding `value` as JSON (`Content-Type: application/json`), as a multipart body
    /// sends an object, a map or a list of them; every `UUID` in it in lower case.
    ///
    /// ```swift
    /// body: .multipart([.file("image", image), try .json("metadata", metadata)])
    /// ```
    public static func json(_ name: String, _ value: some Encodable, encoder: JSONEncoder = JSONEncoder()) throws -> RequestBody.Part {
        RequestBody.Part(name: name, contentType: "application/json", data: try encoder.encode(LowercaseUUIDEncoder.wrapped(value)))
    }
}

extension RequestBody.Part {
    /// A part holding `value` as its schema's default encoding says (OpenAPI's multipart
    /// defaults): an object or a list as JSON (`Content-Type: application/json`), a single value,
    /// such as a union's `"auto"` or `4`, as its text, without quotes, as any other text field.
    @_spi(Generated)
    public static func value(_ name: String, _ value: some Encodable) throws -> RequestBody.Part {
        let json = try JSONEncoder().encode(LowercaseUUIDEncoder.wrapped(value))
        switch json.first {
        case UInt8(ascii: "{"), UInt8(ascii: "["):
            return RequestBody.Part(name: name, contentType: "application/json", data: json)
        case UInt8(ascii: "\""):
            return RequestBody.Part(name: name, data: Data(try JSONDecoder().decode(String.self, from: json).utf8))
        default:
            return RequestBody.Part(name: name, data: json)
        }
    }
}

extension RequestBody.Part {
    /// The part sent as `contentType`, the media type the document gives it, unless it is a file
    /// that names its own (any type but the default `application/octet-stream`).
    @_spi(Generated)
    public func declaring(_ contentType: String) -> RequestBody.Part {
        if filename != nil, let own = self.contentType, own != "application/octet-stream" { return self }
        var part = self
        part.contentType = contentType
        return part
    }
}
