/// `POST /teams/{id}/removeUser`
public struct RemoveUser: Strategy {
    public typealias Output = Void

    public struct Input: Sendable {
        public var id: String

        public init(id: String) {
            self.id = id
        }
    }

    public init() {}

    public func endpoint(for input: Input) -> Endpoint {
        Endpoint(.post, "/teams/\(input.id)/removeUser", headers: ["Accept": "application/json"])
    }
}
