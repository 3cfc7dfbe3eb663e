/// `GET /key/{id}`
public struct GetKey: Strategy {
    public typealias Output = Data

    public struct Input: Sendable {
        public var id: String
        public var view: String?

        public init(id: String, view: String? = nil) {
            (self.id, self.view) = (id, view)
        }
    }

    public init() {}

    public func endpoint(for input: Input) -> Endpoint {
        Endpoint(
            .get,
            "/key/\(input.id)",
            query: ["view": input.view, "api-version": "2021-05-01"],
            headers: ["Accept": "text/plain"]
        )
    }
}
