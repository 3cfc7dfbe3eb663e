/// `GET /keepers/{keeperId}/animals`
public struct FindAnimals: Strategy {
    public typealias Output = Void

    public struct Input: Sendable {
        public var keeperId: Int64
        public var species: [String]?
        public var limit: Int
        public var xRequestID: UUID?

        public init(keeperId: Int64, species: [String]? = nil, limit: Int, xRequestID: UUID? = nil) {
            self.keeperId = keeperId
            self.species = species
            self.limit = limit
            self.xRequestID = xRequestID
        }
    }

    public init() {}

    public func endpoint(for input: Input) -> Endpoint {
        Endpoint(
            .get,
            "/keepers/\(input.keeperId)/animals",
            query: ["species": input.species, "limit": input.limit],
            headers: ["X-Request-ID": input.xRequestID]
        )
    }
}
