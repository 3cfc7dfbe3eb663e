/// `GET /reports`
public struct ListReports: Strategy {
    public typealias Output = [String]

    public init() {}

    public func endpoint(for input: Void) -> Endpoint {
        Endpoint(.get, "/reports", connectTimeout: 5, maximumResponseBytes: 1_500_000)
    }
}
