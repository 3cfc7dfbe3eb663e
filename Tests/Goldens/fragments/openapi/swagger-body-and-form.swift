/// `POST /animals`
public struct AddAnimal: Strategy {
    public typealias Output = Animal

    public struct Input: Sendable {
        public var dryRun: Bool?
        public var body: Animal

        public init(dryRun: Bool? = nil, body: Animal) {
            (self.dryRun, self.body) = (dryRun, body)
        }
    }

    public init() {}

    public func endpoint(for input: Input) throws -> Endpoint {
        Endpoint(
            .post,
            "/animals",
            query: ["dryRun": input.dryRun],
            headers: ["Accept": "application/json"],
            body: try .json(input.body)
        )
    }
}
