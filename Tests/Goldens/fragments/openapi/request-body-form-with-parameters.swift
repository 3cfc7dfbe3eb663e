/// `POST /v1/tokens`
public struct CreateToken: Strategy {
    public typealias Output = Void

    public struct Input: Sendable {
        public var grantType: String
        public var scope: CreateTokenFormScope?

        public init(grantType: String, scope: CreateTokenFormScope? = nil) {
            (self.grantType, self.scope) = (grantType, scope)
        }
    }

    public init() {}

    public func endpoint(for input: Input) -> Endpoint {
        Endpoint(
            .post,
            "/v1/tokens",
            body: .form(["grant_type": input.grantType, "scope": JSONText(input.scope)])
        )
    }
}
