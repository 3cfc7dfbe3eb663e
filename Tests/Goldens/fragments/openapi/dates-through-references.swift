public struct Event: Decodable, Sendable {
    public let dates: [Date]
    public let opens: Date
    public let stamps: [Date]?

    public init(dates: [Date], opens: Date, stamps: [Date]? = nil) {
        (self.dates, self.opens, self.stamps) = (dates, opens, stamps)
    }

    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: JSONKey.self)
        self.dates = try container.decode([Date].self, forKey: "dates", format: .pattern("yyyy-MM-dd"))
        self.opens = try container.decode(Date.self, forKey: "opens", format: .pattern("yyyy-MM-dd"))
        self.stamps = try container.decodeIfPresent([Date].self, forKey: "stamps", format: .iso8601)
    }
}
