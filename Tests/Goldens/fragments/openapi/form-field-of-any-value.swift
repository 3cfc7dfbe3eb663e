/// `POST /v1/account`
public struct PostAccount: Strategy {
    public typealias Output = PostAccountOutput

    public struct Input: Sendable {
        /// A token, or a dictionary of the bank account's details.
        public var bankAccount: JSONValue?

        public var businessName: String?

        /// Any keys, each with a value of any kind.
        public var metadata: [String: JSONValue]?

        public init(
            bankAccount: JSONValue? = nil,
            businessName: String? = nil,
            metadata: [String: JSONValue]? = nil
        ) {
            (self.bankAccount, self.businessName, self.metadata) = (bankAccount, businessName, metadata)
        }
    }

    public init() {}

    public func endpoint(for input: Input) -> Endpoint {
        Endpoint(
            .post,
            "/v1/account",
            headers: ["Accept": "application/json"],
            body: .form([
                "bank_account": DeepObject(input.bankAccount),
                "business_name": input.businessName,
                "metadata": JSONText(input.metadata),
            ])
        )
    }
}
