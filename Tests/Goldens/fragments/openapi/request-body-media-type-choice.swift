/// `PATCH /api/v1/namespaces/{name}`
public struct PatchNamespace: Strategy {
    public typealias Output = Void

    public struct Input: Sendable {
        public var name: String

        /// The media type the body is sent as.
        public var contentType: PatchNamespaceContentType

        public var body: JSONValue

        public init(name: String, contentType: PatchNamespaceContentType, body: JSONValue) {
            (self.name, self.contentType, self.body) = (name, contentType, body)
        }
    }

    public init() {}

    public func endpoint(for input: Input) throws -> Endpoint {
        Endpoint(
            .patch,
            "/api/v1/namespaces/\(input.name)",
            headers: ["Content-Type": input.contentType],
            body: try .json(input.body)
        )
    }
}
