/// `POST /charges`
public struct CreateCharge: Strategy {
    public typealias Output = Void

    public struct Input: Sendable {
        public var expand: [String]?
        public var description: String?
        public var mode: CreateChargeFormMode?

        public init(expand: [String]? = nil, description: String? = nil, mode: CreateChargeFormMode? = nil) {
            (self.expand, self.description, self.mode) = (expand, description, mode)
        }
    }

    public init() {}

    public func endpoint(for input: Input) -> Endpoint {
        Endpoint(
            .post,
            "/charges",
            query: ["expand": ArrayStyled(input.expand, .brackets)],
            body: .form(["description": input.description, "mode": input.mode])
        )
    }
}
