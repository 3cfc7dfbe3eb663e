/// `GET /pets`
public struct ListPets: Strategy {
    public typealias Output = Void

    public struct Input: Sendable {
        public var filters: [PetFilter]?
        public var note: String?
        public var xExtraArguments: PetFilter

        public init(filters: [PetFilter]? = nil, note: String? = nil, xExtraArguments: PetFilter) {
            (self.filters, self.note, self.xExtraArguments) = (filters, note, xExtraArguments)
        }
    }

    public init() {}

    public func endpoint(for input: Input) -> Endpoint {
        Endpoint(
            .get,
            "/pets",
            query: ["filters": JSONText(whole: input.filters), "note": input.note],
            headers: ["X-Extra-Arguments": JSONText(whole: input.xExtraArguments)]
        )
    }
}
