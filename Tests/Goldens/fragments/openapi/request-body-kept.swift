/// `POST /v2/firewalls`
public struct CreateFirewall: Strategy {
    public typealias Output = Void
    public typealias Input = JSONValue

    public init() {}

    public func endpoint(for input: Input) throws -> Endpoint {
        Endpoint(.post, "/v2/firewalls", body: try .json(input))
    }
}
