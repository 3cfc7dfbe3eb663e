/// `POST /v1/account`
public struct PostAccount: Strategy {
    public typealias Output = PostAccountOutput

    public struct Input: Sendable {
        /// A token, or a dictionary of the bank account's details.
        public var bankAccount: JSONValue?

        public var businessName: String?

        public init(bankAccount: JSONValue? = nil, businessName: String? = nil) {
            (self.bankAccount, self.businessName) = (bankAccount, businessName)
        }
    }

    public init() {}

    public func endpoint(for input: Input) -> Endpoint {
        Endpoint(
            .post,
            "/v1/account",
            body: .form(["bank_account": DeepObject(input.bankAccount), "business_name": input.businessName])
        )
    }
}
