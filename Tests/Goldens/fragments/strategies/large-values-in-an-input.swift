/// `POST /charges`
public struct CreateCharge: Strategy {
    /// What `CreateCharge` returns.
    public struct Output: Decodable, Sendable {
        public let id: String

        public init(id: String) {
            self.id = id
        }

        public init(from decoder: any Decoder) throws {
            let container = try decoder.container(keyedBy: JSONKey.self)
            self.id = try container.decode(String.self, forKey: "id")
        }
    }

    public struct Input: Sendable {
        public var cardFilter: Card? {
            get { _cardFilter.value }
            set { _cardFilter = Indirect(newValue) }
        }

        fileprivate var _cardFilter: Indirect<Card?>

        public var card: Card {
            get { _card.value }
            set { _card = Indirect(newValue) }
        }

        fileprivate var _card: Indirect<Card>
        public var amount: Int

        public init(cardFilter: Card? = nil, card: Card, amount: Int) {
            (self._cardFilter, self._card, self.amount) = (Indirect(cardFilter), Indirect(card), amount)
        }
    }

    public init() {}

    public func endpoint(for input: Input) -> Endpoint {
        Endpoint(
            .post,
            "/charges",
            query: ["card_filter": DeepObject(input._cardFilter.value)],
            body: .form(["card": DeepObject(input._card.value), "amount": input.amount])
        )
    }
}
