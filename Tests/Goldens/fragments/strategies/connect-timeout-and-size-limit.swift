/// `GET /reports/{id}`
public struct DownloadReport: Strategy {
    public typealias Output = Data

    public struct Input: Sendable {
        public var id: String

        public init(id: String) {
            self.id = id
        }
    }

    public init() {}

    public func endpoint(for input: Input) -> Endpoint {
        Endpoint(
            .get,
            "/reports/\(input.id)",
            timeout: 120,
            connectTimeout: 2.5,
            maximumResponseBytes: 50 * 1024 * 1024
        )
    }
}
