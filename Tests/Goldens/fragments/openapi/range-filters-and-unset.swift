/// `GET /v1/charges`
public struct ListCharges: Strategy {
    public typealias Output = Void

    public struct Input: Sendable {
        public var created: ListChargesCreated?

        public init(created: ListChargesCreated? = nil) {
            self.created = created
        }
    }

    public init() {}

    public func endpoint(for input: Input) -> Endpoint {
        Endpoint(.get, "/v1/charges", query: ["created": DeepObject(input.created)])
    }
}
