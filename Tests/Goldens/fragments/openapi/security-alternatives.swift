/// `POST /secrets`
public struct CreateSecret: Strategy {
    public typealias Output = Void

    public init() {}

    public var middlewareFilter: Middleware.Filter {
        .excluding(["auth.basicAuth", "auth.bearerAuth", "auth.apiKey", "auth.appId", "auth.basicAuth|bearerAuth", "auth.bearerAuth|none"])
    }

    public func endpoint(for input: Void) -> Endpoint {
        Endpoint(.post, "/secrets")
    }
}
