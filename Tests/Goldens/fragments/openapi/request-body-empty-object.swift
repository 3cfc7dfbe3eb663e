/// `POST /v2/droplets/{id}/reboot`
public struct RebootDroplet: Strategy {
    public typealias Output = Void

    public struct Input: Sendable {
        public var id: Int

        public init(id: Int) {
            self.id = id
        }
    }

    public init() {}

    public func endpoint(for input: Input) throws -> Endpoint {
        let body = try RequestBody.jsonObject { _ in }
        return Endpoint(.post, "/v2/droplets/\(input.id)/reboot", body: body)
    }
}
