/// `GET /events`
public struct ListEvents: Strategy {
    public typealias Output = [Event]

    public struct Input: Sendable {
        public var day: Date
        public var after: Date?
        public var days: [Date]
        public var updatedSince: Date?

        public init(day: Date, after: Date? = nil, days: [Date], updatedSince: Date? = nil) {
            (self.day, self.after, self.days, self.updatedSince) = (day, after, days, updatedSince)
        }
    }

    public init() {}

    public func endpoint(for input: Input) -> Endpoint {
        Endpoint(
            .get,
            "/events",
            query: [
                "day": DateFormat.pattern("yyyy-MM-dd").string(from: input.day),
                "after": input.after.map(DateFormat.iso8601.string(from:)),
                "days": input.days.map(DateFormat.pattern("yyyy-MM-dd").string(from:)),
                "updated_since": input.updatedSince,
            ],
            queryEncoding: QueryEncoding(dates: .secondsSince1970)
        )
    }
}
