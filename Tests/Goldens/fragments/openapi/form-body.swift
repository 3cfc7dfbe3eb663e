/// `POST /feedings`
public struct Feed: Strategy {
    public typealias Output = Void

    public struct Input: Sendable {
        public var animal: String
        public var grams: Int?

        public init(animal: String, grams: Int? = nil) {
            (self.animal, self.grams) = (animal, grams)
        }
    }

    public init() {}

    public func endpoint(for input: Input) -> Endpoint {
        Endpoint(.post, "/feedings", body: .form(["animal": input.animal, "grams": input.grams]))
    }
}
