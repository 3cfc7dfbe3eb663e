/// `GET /servers`
public struct ListServers: PaginatedStrategy {
    public typealias Output = ListServersOutput

    public struct Input: Sendable {
        /// Number of servers to return per request.
        public var count: Int

        /// Number of servers to skip.
        public var offset: Int

        public init(count: Int, offset: Int) {
            (self.count, self.offset) = (count, offset)
        }
    }

    public init() {}

    public var pagination: Pagination<Input> { .offset(\.offset, items: "Servers", total: "TotalCount") }

    public func items(of output: ListServersOutput) -> [ListServersOutputServersItem] {
        output.servers ?? []
    }

    public func endpoint(for input: Input) -> Endpoint {
        Endpoint(
            .get,
            "/servers",
            query: ["count": input.count, "offset": input.offset],
            headers: ["Accept": "application/json"]
        )
    }
}
