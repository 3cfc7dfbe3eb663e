/// `POST /oauth2/revoke`
public struct RevokeToken: Strategy {
    public typealias Output = Void

    public struct Input: Sendable {
        public var token: String?
        public var grantType: String

        public init(token: String? = nil, grantType: String) {
            (self.token, self.grantType) = (token, grantType)
        }
    }

    public init() {}

    public func endpoint(for input: Input) -> Endpoint {
        Endpoint(.post, "/oauth2/revoke", body: .form(["token": input.token, "grant_type": input.grantType]))
    }
}
