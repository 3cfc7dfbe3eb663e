/// `GET /files/{id}`
public struct GetSharedLink: Strategy {
    public typealias Output = Void

    public struct Input: Sendable {
        public var id: String

        public init(id: String) {
            self.id = id
        }
    }

    public init() {}

    public func endpoint(for input: Input) -> Endpoint {
        Endpoint(.get, "/files/\(input.id)", query: ["fields": "shared_link"])
    }
}
