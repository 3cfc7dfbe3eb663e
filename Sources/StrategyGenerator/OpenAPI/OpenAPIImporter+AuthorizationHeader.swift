/// A Swagger 2.0 operation's `Authorization` header parameter: how such documents send a token.
///
/// OpenAPI 3 leaves `Authorization` to security schemes, so its header parameters of that name
/// are ignored; a Swagger 2.0 document that declares one means the caller sends it. It stays an
/// input the caller sets, unless the operation's security sends the header, with a note either way.
extension OpenAPIImporter {
    /// Marks a converted Swagger 2.0 parameter that is kept where OpenAPI 3 would ignore it.
    static let swaggerHeaderMark = "x-swagger-authorization-header"

    /// Whether the `Authorization` header parameter `parameter` of `operation` is an input.
    mutating func keepsAuthorizationHeader(_ parameter: YAMLNode, of operation: YAMLNode, at pointer: JSONPointer) -> Bool {
        guard parameter[Self.swaggerHeaderMark] != nil else { return false }
        let requirements = (operation["security"] ?? root["security"])?.items ?? []
        let name = parameter["name"]?.scalar ?? "Authorization"
        if requirements.contains(where: { !$0.members.isEmpty }) {
            note("header parameter '\(name)' is left out: the operation's security requirement supplies the credentials", at: parameter.location, pointer)
            return false
        }
        note("header parameter '\(name)' is an input the caller sets, as Swagger 2.0 sends a token; a security definition would let the client's builder add it", at: parameter.location, pointer)
        return true
    }

    private mutating func note(_ message: String, at location: SourceLocation, _ pointer: JSONPointer) {
        diagnostics.append(contentsOf: [Diagnostic(.note, "\(message) (\(spellingPointers(pointer.description)))", at: location)])
    }
}
