/// `GET /stores/{store id}/orders`
public struct ListOrders: Strategy {
    public typealias Output = [Order]

    public struct Input: Sendable {
        public var storeId: String
        public var status: [String]?
        public var since: Date?
        public var limit: Int?
        public var xRequestID: String

        public init(
            storeId: String,
            status: [String]? = nil,
            since: Date? = nil,
            limit: Int? = nil,
            xRequestID: String
        ) {
            self.storeId = storeId
            self.status = status
            self.since = since
            self.limit = limit
            self.xRequestID = xRequestID
        }
    }

    public init() {}

    public func endpoint(for input: Input) -> Endpoint {
        Endpoint(
            .get,
            "/stores/\(input.storeId)/orders",
            query: ["status": input.status, "since": input.since, "limit": input.limit],
            queryEncoding: QueryEncoding(arrays: .brackets, dates: .secondsSince1970),
            headers: ["X-Request-ID": input.xRequestID],
            timeout: 15
        )
    }
}
