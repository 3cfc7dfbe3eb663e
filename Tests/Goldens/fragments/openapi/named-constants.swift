public struct AuditLogEvent: OpenEnum {
    public static var guildUpdate: Self { Self(1) }
    public static var channelCreate: Self { Self(10) }
    public static var channelUpdate: Self { Self(11) }

    /// The value as the API writes it.
    public let rawValue: Int

    public init(rawValue: Int) {
        self.rawValue = rawValue
    }
}
