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
