public struct AuditLogEvent: OpenEnum {
    public static let guildUpdate = Self(1)
    public static let channelCreate = Self(10)
    public static let channelUpdate = Self(11)

    /// The value as the API writes it.
    public let rawValue: Int

    public init(rawValue: Int) {
        self.rawValue = rawValue
    }
}
