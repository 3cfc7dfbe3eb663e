public struct Settings: Codable, Equatable, Sendable {
    public var theme: String?
    public var nickname: String?

    /// Items on a page.
    public var pageSize: Int

    public var tags: [String]

    public init(theme: String? = nil, nickname: String? = nil, pageSize: Int = 20, tags: [String] = []) {
        (self.theme, self.nickname, self.pageSize, self.tags) = (theme, nickname, pageSize, tags)
    }

    private enum CodingKeys: String, CodingKey {
        case theme, nickname, pageSize = "page_size", tags
    }

    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        self.theme = try container.decodeIfPresent(String.self, forKey: .theme)
        self.nickname = try container.decode(String?.self, forKey: .nickname)
        self.pageSize = try container.decodeIfPresent(Int.self, forKey: .pageSize) ?? 20
        self.tags = try container.decodeIfPresent([String].self, forKey: .tags) ?? []
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encodeIfPresent(theme, forKey: .theme)
        try container.encode(nickname, forKey: .nickname)
        try container.encode(pageSize, forKey: .pageSize)
        try container.encode(tags, forKey: .tags)
    }
}
