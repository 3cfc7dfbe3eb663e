/// `POST /v2/droplets/{id}/reboot`
public struct RebootDroplet: Strategy {
    public typealias Output = Void

    public struct Input: Sendable {
        public var id: Int
        public var body: [String: JSONValue]

        public init(id: Int, body: [String: JSONValue]) {
            (self.id, self.body) = (id, body)
        }
    }

    public init() {}

    public func endpoint(for input: Input) throws -> Endpoint {
        Endpoint(.post, "/v2/droplets/\(input.id)/reboot", body: try .json(input.body))
    }
}
