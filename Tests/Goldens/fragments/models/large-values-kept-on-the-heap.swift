public struct Charge: Decodable, Sendable {
    public let id: String
    public let amount: Int

    public var card: CardDetails { _card.value }

    fileprivate let _card: Indirect<CardDetails>

    public var previousCard: CardDetails? { _previousCard.value }

    fileprivate let _previousCard: Indirect<CardDetails?>
    public let receiptEmail: String?

    public init(
        id: String,
        amount: Int,
        card: CardDetails,
        previousCard: CardDetails? = nil,
        receiptEmail: String? = nil
    ) {
        self.id = id
        self.amount = amount
        self._card = Indirect(card)
        self._previousCard = Indirect(previousCard)
        self.receiptEmail = receiptEmail
    }

    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: JSONKey.self)
        self.id = try container.decode(String.self, forKey: "id")
        self.amount = try container.decode(Int.self, forKey: "amount")
        self._card = try Indirect(container.decode(CardDetails.self, forKey: "card"))
        self._previousCard = try Indirect(container.decodeIfPresent(CardDetails.self, forKey: "previous_card"))
        self.receiptEmail = try container.decodeIfPresent(String.self, forKey: "receipt_email")
    }
}
