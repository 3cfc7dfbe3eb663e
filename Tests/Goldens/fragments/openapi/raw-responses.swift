/// `GET /tickets/{ticketId}/qr`
public struct GetTicketCode: Strategy {
    public typealias Output = Data

    public struct Input: Sendable {
        public var ticketId: String

        public init(ticketId: String) {
            self.ticketId = ticketId
        }
    }

    public init() {}

    public func endpoint(for input: Input) -> Endpoint {
        Endpoint(.get, "/tickets/\(input.ticketId)/qr", headers: ["Accept": "image/png"])
    }
}
