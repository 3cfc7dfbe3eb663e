/// `GET /audit/{org}/export`
public struct ExportAuditLog: StreamingStrategy {
    public typealias Output = Data

    public struct Input: Sendable {
        public var org: String

        public init(org: String) {
            self.org = org
        }
    }

    public init() {}

    public var streamFormat: StreamFormat<ExportAuditLogElement> {
        .jsonLines(of: ExportAuditLogElement.self)
    }

    public func endpoint(for input: Input) -> Endpoint {
        Endpoint(.get, "/audit/\(input.org)/export")
    }
}
