public struct Settings: Codable, Equatable, Sendable {
    public var theme: String?
    public var nickname: String?

    /// Items on a page.
    public var pageSize: Int

    public var tags: [String]

    public init(theme: String? = nil, nickname: String? = nil, pageSize: Int = 20, tags: [String] = []) {
        (self.theme, self.nickname, self.pageSize, self.tags) = (theme, nickname, pageSize, tags)
    }

    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: JSONKey.self)
        self.theme = try container.decodeIfPresent(String.self, forKey: "theme")
        self.nickname = try container.decode(String?.self, forKey: "nickname")
        self.pageSize = try container.decodeIfPresent(Int.self, forKey: "page_size") ?? 20
        self.tags = try container.decodeIfPresent([String].self, forKey: "tags") ?? []
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: JSONKey.self)
        try container.encodeIfPresent(theme, forKey: "theme")
        try container.encode(nickname, forKey: "nickname")
        try container.encode(pageSize, forKey: "page_size")
        try container.encode(tags, forKey: "tags")
    }
}
