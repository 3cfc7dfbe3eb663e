/// `PATCH /users/{id}`
public struct PatchUser: Strategy {
    public typealias Output = Void

    public struct Input: Sendable {
        public var id: String
        public var body: [PatchUserBodyItem]

        public init(id: String, body: [PatchUserBodyItem]) {
            (self.id, self.body) = (id, body)
        }
    }

    public init() {}

    public func endpoint(for input: Input) throws -> Endpoint {
        Endpoint(
            .patch,
            "/users/\(input.id)",
            headers: ["Content-Type": "application/json-patch+json"],
            body: try .json(input.body)
        )
    }
}
