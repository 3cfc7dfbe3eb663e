/// A card or an account's id. The card's details are large, so the enum keeps its values on the heap.
public indirect enum PaymentSource: Decodable, Sendable {
    case cardDetails(CardDetails)
    case string(String)

    public init(from decoder: any Decoder) throws {
        if let value = try? CardDetails(from: decoder) {
            self = .cardDetails(value)
            return
        }
        self = .string(try String(from: decoder))
    }
}
